import { messageFor } from '@robot-ads/contracts/common/errors';
import { shootNameRefusal, shortPlanId } from '@robot-ads/contracts/shooting/shooting.rules';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Space, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerEmpty } from '../../../components/picker-empty';
import { ApiError } from '../../../lib/api-client';
import { lang } from '../../../lib/i18n';
import { checkRule } from '../../../lib/rules';
import { todayIn } from '../../../lib/statistics/range';
import { checkPlan, type ShootPlanDto, useCreateRequirement, useShootPlanOptions } from '../api/requirements';
import { RobotPickerDialog } from './robot-picker-dialog';

interface Values {
  planId: string;
  name: string;
  shootDate: Dayjs | null;
  window: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The requirement form: the plan (chosen by name from the user's plans, then checked: not approved, already
 * bound), the name, the shooting date and time window, and the robots, chosen in a picker over the form.
 */
export function CreateRequirementDialog({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  initial: { planId?: string; robotIds?: string[] };
  onClose: () => void;
}) {
  const { t } = useTranslation('shooting');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateRequirement();
  const [plan, setPlan] = useState<ShootPlanDto | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [planSearch, setPlanSearch] = useState('');
  const plans = useShootPlanOptions(planSearch, open);
  const [robotIds, setRobotIds] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const lookUp = async (value: string | undefined) => {
    setPlan(null);
    setPlanError(null);
    if (!value) return;
    try {
      const found = await checkPlan(value.trim());
      setPlan(found);
      // The date and times are the plan's wall clock: today there, unless a date was chosen already.
      if (!form.isFieldTouched('shootDate')) form.setFieldValue('shootDate', dayjs(todayIn(found.timeZone)));
    } catch (err) {
      setPlanError(err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once each time the dialog opens
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ planId: initial.planId, name: '', shootDate: dayjs(), window: null });
    setRobotIds(initial.robotIds ?? []);
    setPlanSearch('');
    void lookUp(initial.planId);
  }, [open]);

  const submit = async (values: Values) => {
    const [begin, end] = values.window ?? [null, null];
    await create.mutateAsync({
      planId: plan?.id ?? values.planId,
      name: values.name.trim(),
      shootDate: values.shootDate?.format('YYYY-MM-DD') ?? '',
      beginTime: begin?.format('HH:mm') ?? '',
      endTime: end?.format('HH:mm') ?? '',
      ...(plan ? { timeZone: plan.timeZone } : {}),
      robotIds,
    });
    message.success(t('create.created'));
    onClose();
  };

  // The plan the robots were chosen for: its id as the form holds it (24 characters, or 12 when handed over).
  const planId: string = Form.useWatch('planId', form) ?? '';
  const options = (plans.data?.datas ?? []).map((p) => ({
    value: p.id,
    disabled: p.status !== 'post',
    label: `${p.name} · ${p.clientName} · ${shortPlanId(p.id)}${p.status === 'post' ? '' : ` (${t('create.notApproved')})`}`,
  }));
  // A plan handed over by its short id (from the device lists) shows by name once it is checked.
  if (plan && planId && !options.some((o) => o.value === planId))
    options.unshift({
      value: planId,
      disabled: false,
      label: `${plan.name} · ${plan.clientName ?? ''} · ${plan.shortId}`,
    });

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: robotIds.length === 0 || !plan }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        name="shootRequirement"
        layout="vertical"
        onFinish={(v) => submit(v).catch(() => undefined)}
      >
        <Form.Item
          name="planId"
          label={t('fields.plan')}
          extra={t('create.planHint')}
          validateStatus={planError ? 'error' : undefined}
          help={planError ?? undefined}
          rules={[{ required: true, message: t('create.planRequired') }]}
        >
          <Select
            aria-label={t('fields.plan')}
            placeholder={t('create.planPlaceholder')}
            allowClear
            showSearch={{ filterOption: false, onSearch: setPlanSearch }}
            loading={plans.isFetching}
            options={options}
            notFoundContent={
              plans.isFetching ? undefined : (
                <PickerEmpty
                  why={t('create.noPlanWhy')}
                  nextStep={t('create.noPlanNext')}
                  searched={planSearch !== ''}
                />
              )
            }
            onChange={(value?: string) => {
              setRobotIds([]);
              void lookUp(value);
            }}
          />
        </Form.Item>
        {plan && (
          <Alert
            type="success"
            style={{ marginBottom: 16 }}
            title={t('create.plan', { name: plan.name, count: plan.robotCount })}
            description={`${dayjs.unix(plan.begin).format('YYYY-MM-DD')} ~ ${dayjs.unix(plan.end).format('YYYY-MM-DD')} · ${plan.timeZone}`}
          />
        )}
        <Form.Item
          name="name"
          label={t('fields.name')}
          extra={t('create.nameHint')}
          rules={[checkRule((v) => shootNameRefusal(v))]}
        >
          <Input />
        </Form.Item>
        <Space size="middle" wrap>
          <Form.Item
            name="shootDate"
            label={t('fields.shootDate')}
            rules={[{ required: true, message: messageFor('SHOOT_DATE_REQUIRED', lang()) }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="window"
            label={t('fields.window')}
            extra={plan ? t('create.zoneHint', { zone: plan.timeZone }) : undefined}
            rules={[
              {
                validator: async (_r, value: Values['window']) => {
                  const [b, e] = value ?? [null, null];
                  if (!b || !e) throw new Error(messageFor('SHOOT_TIME_INVALID', lang()));
                  if (!b.isBefore(e)) throw new Error(messageFor('END_BEFORE_START', lang()));
                },
              },
            ]}
          >
            <TimePicker.RangePicker format="HH:mm" order={false} />
          </Form.Item>
        </Space>
        <Form.Item label={t('fields.robots')} required>
          <Space orientation="vertical">
            <Typography.Text data-testid="chosen-robots">
              {robotIds.length > 0 ? t('create.robots', { count: robotIds.length }) : t('create.noRobots')}
            </Typography.Text>
            {robotIds.length > 0 && (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 520 }}>
                {robotIds.join(', ')}
              </Typography.Text>
            )}
            <Button onClick={() => setPicking(true)} disabled={!plan}>
              {t('create.chooseRobots')}
            </Button>
            {!plan && <Typography.Text type="secondary">{t('create.planFirst')}</Typography.Text>}
          </Space>
        </Form.Item>
      </Form>
      <RobotPickerDialog
        open={picking}
        planId={plan?.id ?? ''}
        chosen={robotIds}
        onCancel={() => setPicking(false)}
        onDone={(ids) => {
          setRobotIds(ids);
          setPicking(false);
        }}
      />
    </Modal>
  );
}
