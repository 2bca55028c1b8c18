import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { isAdvertiserRole } from '@robot-ads/contracts/auth/roles';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { offsetLabel } from '@robot-ads/contracts/playback/zoned-time';
import { checkPlan } from '@robot-ads/contracts/playlists/playlists.rules';
import {
  CYCLE_TYPES,
  type Cycle,
  DEFAULT_TIME_ZONE,
  MAX_EXTERNAL_REF_LENGTH,
  PLAYING_MODES,
  type PlayPeriod,
  PRIORITIES,
  playlistInput,
  TIME_ZONE_OPTIONS,
} from '@robot-ads/contracts/playlists/playlists.schemas';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/checkbox-group-field';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { schemaRule } from '../../../lib/rules';
import { sessionStore } from '../../../lib/session';
import { type Plan, useAdOptions, useCustomerOptions, useSavePlan } from '../api/plans';
import { WeekPreview } from './week-preview';

interface FormValues {
  name: string;
  clientId?: string;
  description?: string;
  externalRef?: string | null;
  advertisements: string[];
  priority: number;
  playingMode: string;
  cycleType: Cycle['type'];
  weekdays: number[];
  monthDays: number[];
  dates: Dayjs[];
  times: Array<{ range: [Dayjs, Dayjs] }>;
  window: [Dayjs, Dayjs];
  timeZone: string;
  countLimit?: number | null;
  timeLimit?: number | null;
}

const toPeriod = (r: [Dayjs, Dayjs]): PlayPeriod => {
  const endOfDay = r[1].hour() === 23 && r[1].minute() === 59;
  return {
    begin: { hour: r[0].hour(), minute: r[0].minute() },
    end: endOfDay ? { hour: 24, minute: 0 } : { hour: r[1].hour(), minute: r[1].minute() },
  };
};
const fromPeriod = (p: PlayPeriod): [Dayjs, Dayjs] => [
  dayjs().hour(p.begin.hour).minute(p.begin.minute).second(0),
  p.end.hour === 24 ? dayjs().hour(23).minute(59).second(0) : dayjs().hour(p.end.hour).minute(p.end.minute).second(0),
];

/** The body the API takes, from the form (one conversion point, shared by checks and save). */
function toBody(v: FormValues) {
  const data =
    v.cycleType === 'weekly'
      ? v.weekdays
      : v.cycleType === 'monthly'
        ? v.monthDays
        : v.cycleType === 'time'
          ? (v.dates ?? []).map((d) => d.hour(12).unix())
          : [];
  return {
    name: v.name?.trim(),
    clientId: v.clientId,
    description: v.description ?? '',
    // Empty clears it (an edit that sends null clears the stored reference).
    externalRef: v.externalRef?.trim() || null,
    advertisements: v.advertisements ?? [],
    priority: v.priority,
    playingMode: v.playingMode,
    cycle: { type: v.cycleType, data: data ?? [] },
    times: v.cycleType === 'none' ? [] : (v.times ?? []).filter((x) => x?.range).map((x) => toPeriod(x.range)),
    begin: v.window?.[0]?.unix(),
    end: v.window?.[1]?.unix(),
    timeZone: v.timeZone,
    countLimit: v.countLimit ?? null,
    timeLimit: v.timeLimit ?? null,
  };
}

/** Create or edit a plan: ads, play periods, cycle, priority, mode, limits, time zone, week preview. */
export function PlanEditor({ plan, open, onClose }: { plan: Plan | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('delivery');
  const user = sessionStore.use((s) => s.user);
  const advertiser = user ? isAdvertiserRole(user.role) : true;
  const [form] = Form.useForm<FormValues>();
  const savePlan = useSavePlan();
  const [adSearch, setAdSearch] = useState('');
  const [customerSearch, setCustomerSearch] = useState('');
  const ads = useAdOptions(adSearch);
  const customers = useCustomerOptions(customerSearch, !advertiser);
  const [problem, setProblem] = useState<string | null>(null);
  const values = Form.useWatch([], form) as FormValues | undefined;

  const initial = useMemo<Partial<FormValues>>(() => {
    if (!plan) {
      const start = dayjs().add(1, 'hour').startOf('hour');
      return {
        priority: 5,
        playingMode: 'order',
        cycleType: 'daily',
        weekdays: [1, 2, 3, 4, 5],
        monthDays: [1],
        dates: [],
        times: [{ range: [dayjs().hour(9).minute(0), dayjs().hour(18).minute(0)] }],
        window: [start, start.add(30, 'day')],
        timeZone: DEFAULT_TIME_ZONE,
        advertisements: [],
      };
    }
    return {
      name: plan.name,
      clientId: plan.clientId,
      description: plan.description,
      externalRef: plan.externalRef ?? '',
      advertisements: plan.advertisements.map((a) => a.id),
      priority: plan.priority,
      playingMode: plan.playingMode,
      cycleType: plan.cycle.type,
      weekdays: plan.cycle.type === 'weekly' ? plan.cycle.data : [1, 2, 3, 4, 5],
      monthDays: plan.cycle.type === 'monthly' ? plan.cycle.data : [1],
      dates: plan.cycle.type === 'time' ? plan.cycle.data.map((s) => dayjs.unix(s)) : [],
      times: plan.times.map((p) => ({ range: fromPeriod(p) })),
      window: [dayjs.unix(plan.begin), dayjs.unix(plan.end)],
      timeZone: plan.timeZone,
      countLimit: plan.countLimit,
      timeLimit: plan.timeLimit,
    };
  }, [plan]);

  const preview = useMemo(() => {
    if (!values?.window?.[0] || !values.window[1]) return null;
    try {
      const b = toBody(values);
      return { ...b, begin: b.begin as number, end: b.end as number };
    } catch {
      return null;
    }
  }, [values]);

  const submit = () =>
    submitForm(form, setProblem, async (v) => {
      setProblem(null);
      return save(v);
    });

  /** Checks the plan with the shared rules and saves it; false when a rule refused it (shown in the dialog). */
  const save = async (v: FormValues) => {
    const body = toBody(v);
    const shape = playlistInput.safeParse(body);
    if (!shape.success) {
      setProblem(messageFor(shape.error.issues[0]?.message ?? 'UNKNOWN', lang()));
      return false;
    }
    const issues = checkPlan(
      {
        begin: shape.data.begin,
        end: shape.data.end,
        timeZone: shape.data.timeZone,
        cycle: shape.data.cycle,
        times: shape.data.times,
      },
      new Date(),
      plan ? { begin: plan.begin } : undefined,
    );
    if (issues[0]) {
      setProblem(messageFor(issues[0].code, lang()));
      return false;
    }
    await savePlan.mutateAsync({ ...body, ...(plan ? { id: plan.id } : {}) } as never);
    onClose();
    return true;
  };

  const now = Math.floor(Date.now() / 1000);
  const zoneLabel = (o: (typeof TIME_ZONE_OPTIONS)[number] | { code: string; zone: string }) =>
    `${o.code} (${offsetLabel(now, o.zone)}) ${o.zone}`;

  return (
    <Modal
      open={open}
      width={900}
      title={plan ? t('plans.edit') : t('plans.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      confirmLoading={savePlan.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[
                { required: true, whitespace: true, message: messageFor('PLAYLIST_NAME_REQUIRED', lang()) },
                { min: 2, max: 50, message: messageFor('PLAYLIST_NAME_LENGTH', lang()) },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            {!advertiser && (
              <Form.Item name="clientId" label={t('fields.client')}>
                <Select
                  allowClear
                  placeholder={t('plans.ownPlan')}
                  showSearch
                  filterOption={false}
                  onSearch={setCustomerSearch}
                  options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item
          name="advertisements"
          label={t('fields.ads')}
          rules={[{ required: true, type: 'array', min: 1, message: messageFor('PLAYLIST_ADS_REQUIRED', lang()) }]}
        >
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setAdSearch}
            placeholder={t('plans.adsPlaceholder')}
            options={[
              ...(plan?.advertisements ?? []).map((a) => ({ value: a.id, label: a.name })),
              ...(ads.data?.datas ?? [])
                .filter((a) => !plan?.advertisements.some((p) => p.id === a.id))
                .map((a) => ({ value: a.id, label: `${a.name} (${t(`kinds.${a.kind}`, a.kind)})` })),
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="priority" label={t('fields.priority')}>
              <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="playingMode" label={t('fields.playingMode')}>
              <Select options={PLAYING_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="timeZone" label={t('fields.timeZone')}>
              <Select
                options={[
                  { value: DEFAULT_TIME_ZONE, label: zoneLabel({ code: 'CN', zone: DEFAULT_TIME_ZONE }) },
                  ...TIME_ZONE_OPTIONS.map((o) => ({ value: o.zone, label: zoneLabel(o) })),
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="window"
          label={t('fields.window')}
          rules={[{ required: true, message: messageFor('PLAYLIST_BEGIN_REQUIRED', lang()) }]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="cycleType" label={t('fields.cycle')}>
          <Select options={CYCLE_TYPES.map((c) => ({ value: c, label: t(`cycles.${c}`) }))} />
        </Form.Item>
        {values?.cycleType === 'weekly' && (
          <Form.Item
            name="weekdays"
            label={t('fields.weekdays')}
            rules={[
              { required: true, type: 'array', min: 1, message: messageFor('PLAYLIST_CYCLE_DATA_REQUIRED', lang()) },
            ]}
          >
            <CheckboxGroupField
              options={(t('preview.weekdays', { returnObjects: true }) as string[]).map((label, i) => ({
                label,
                value: i + 1,
              }))}
            />
          </Form.Item>
        )}
        {values?.cycleType === 'monthly' && (
          <Form.Item
            name="monthDays"
            label={t('fields.monthDays')}
            rules={[
              { required: true, type: 'array', min: 1, message: messageFor('PLAYLIST_CYCLE_DATA_REQUIRED', lang()) },
            ]}
          >
            <Select
              mode="multiple"
              options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
            />
          </Form.Item>
        )}
        {values?.cycleType === 'time' && (
          <Form.Item
            name="dates"
            label={t('fields.dates')}
            rules={[
              { required: true, type: 'array', min: 1, message: messageFor('PLAYLIST_CYCLE_DATA_REQUIRED', lang()) },
            ]}
          >
            <DatePicker multiple style={{ width: '100%' }} />
          </Form.Item>
        )}
        {values?.cycleType !== 'none' && (
          <Form.List name="times">
            {(fields, { add, remove }) => (
              <Form.Item label={t('fields.times')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item
                      name={[field.name, 'range']}
                      rules={[{ required: true, message: messageFor('PLAYLIST_TIMES_REQUIRED', lang()) }]}
                      noStyle
                    >
                      <TimePicker.RangePicker format="HH:mm" order={false} aria-label={t('fields.times')} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.remove')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ range: [dayjs().hour(9).minute(0), dayjs().hour(10).minute(0)] })}
                >
                  {t('plans.addPeriod')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="countLimit" label={t('fields.countLimit')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="timeLimit" label={t('fields.timeLimit')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="externalRef"
          label={t('fields.externalRef')}
          extra={t('plans.externalRefHint')}
          rules={[schemaRule(playlistInput.shape.externalRef)]}
        >
          <Input maxLength={MAX_EXTERNAL_REF_LENGTH} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      {preview?.begin && preview.end && (
        <WeekPreview
          begin={preview.begin}
          end={preview.end}
          timeZone={preview.timeZone}
          cycle={preview.cycle}
          times={preview.times}
        />
      )}
    </Modal>
  );
}
