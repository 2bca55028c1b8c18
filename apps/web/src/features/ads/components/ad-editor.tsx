import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkName } from '@robot-ads/contracts/accounts/accounts.rules';
import { AD_MAX_MATERIALS, isQrTarget, QR_TARGET_MAX } from '@robot-ads/contracts/ads/ads.rules';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { offsetLabel } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE, TIME_ZONE_OPTIONS } from '@robot-ads/contracts/playlists/playlists.schemas';
import { App, Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showFormFailure } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { checkRule } from '../../../lib/rules';
import {
  type Ad,
  type AdMaterial,
  type AdOverlayChoice,
  failureText,
  usePickableMaterials,
  useSaveAd,
} from '../api/ads';
import { NO_OVERLAY, OverlayField, type OverlayRole, type OverlayValue, overlayIssue } from './overlay-field';
import { RobotPreview } from './robot-preview';

interface FormValues {
  name: string;
  kind: 'video' | 'picture';
  template: 1 | 2;
  range: [Dayjs, Dayjs];
  timeZone: string;
  /** Where a scan of the QR code leads (counted by the server); '' for none. */
  qrTarget?: string;
}

interface Screen {
  uid: number;
  banner?: string;
  main?: string;
}

let screenSeq = 0;
const newScreen = (banner?: string, main?: string): Screen => ({ uid: ++screenSeq, banner, main });

/** What the editor starts from for an ad's QR code or watermark. */
function overlayValueOf(overlay: Ad['qr'] | undefined): OverlayValue {
  if (!overlay) return NO_OVERLAY;
  return {
    mediaId: overlay.mediaId,
    position: overlay.position,
    name: overlay.name,
    url: overlay.url,
    thumbnail: overlay.thumbnail,
  };
}

function overlayChoice(value: OverlayValue): AdOverlayChoice | null {
  return value.mediaId && value.position ? { mediaId: value.mediaId, position: value.position } : null;
}

/** The offset of a zone right now, e.g. "UTC+9" (computed, so daylight saving shows truly). */
const zoneOffsetNow = (zone: string) => offsetLabel(Math.floor(Date.now() / 1000), zone);

/** Create or edit an ad from materials, with a live preview in the robot's screen frame. */
export function AdEditor({ ad, open, onClose }: { ad: Ad | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ads');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAd();
  const kind = Form.useWatch('kind', form) ?? 'picture';
  const template = Form.useWatch('template', form) ?? 1;
  const [singles, setSingles] = useState<string[]>([]);
  const [pairs, setPairs] = useState<Screen[]>([newScreen()]);
  const [materialError, setMaterialError] = useState<string | null>(null);
  const [overlays, setOverlays] = useState<Record<OverlayRole, OverlayValue>>({
    qr: NO_OVERLAY,
    watermark: NO_OVERLAY,
  });
  const [overlayErrors, setOverlayErrors] = useState<Record<OverlayRole, string | null>>({ qr: null, watermark: null });
  const setOverlay = (role: OverlayRole, value: OverlayValue) => {
    setOverlays((o) => ({ ...o, [role]: value }));
    setOverlayErrors((e) => ({ ...e, [role]: null }));
  };

  const t1 = usePickableMaterials({ kind, template: 1 });
  const banners = usePickableMaterials({ template: 2, slot: 1 });
  const mains = usePickableMaterials({ kind, template: 2, slot: 2 });

  useEffect(() => {
    if (!open) return;
    if (ad) {
      form.setFieldsValue({
        name: ad.name,
        kind: ad.kind,
        template: ad.template === 2 ? 2 : 1,
        range: [dayjs.unix(ad.begin), dayjs.unix(ad.end)],
        timeZone: ad.timeZone,
        qrTarget: ad.qrTarget ?? '',
      });
      if (ad.template === 2) setPairs(ad.resourcesObjs.map((s) => newScreen(s[0]?.id, s[1]?.id)));
      else setSingles(ad.resourcesObjs.flat().map((m) => m.id));
    } else {
      form.resetFields();
      form.setFieldsValue({
        kind: 'picture',
        template: 1,
        timeZone: DEFAULT_TIME_ZONE,
        range: [dayjs().startOf('minute'), dayjs().startOf('minute').add(30, 'day')],
      });
      setSingles([]);
      setPairs([newScreen()]);
    }
    setMaterialError(null);
    setOverlays({ qr: overlayValueOf(ad?.qr), watermark: overlayValueOf(ad?.watermark) });
    setOverlayErrors({ qr: null, watermark: null });
  }, [open, ad, form]);

  const known = useMemo(() => {
    const map = new Map<string, AdMaterial>();
    for (const m of ad?.resourcesObjs.flat() ?? []) map.set(m.id, m);
    for (const list of [t1.data?.datas, banners.data?.datas, mains.data?.datas])
      for (const m of list ?? []) map.set(m.id, m);
    return map;
  }, [ad, t1.data, banners.data, mains.data]);

  const screens: AdMaterial[][] = (
    template === 2
      ? pairs.map((p) => [p.banner, p.main].filter((id): id is string => Boolean(id)).map((id) => known.get(id)))
      : singles.map((id) => [known.get(id)])
  )
    .map((s) => s.filter((m): m is AdMaterial => m !== undefined))
    .filter((s) => s.length > 0);
  const materialCount =
    template === 2 ? pairs.flatMap((p) => [p.banner, p.main]).filter(Boolean).length : singles.length;

  const options = (list: AdMaterial[] | undefined) =>
    (list ?? []).map((m) => ({
      value: m.id,
      label: `${m.name} (${m.width ?? '?'}x${m.height ?? '?'}${m.kind === 'video' ? `, ${Math.round(m.duration / 1000)}s` : ''})`,
    }));

  const submit = async () => {
    let values: Awaited<ReturnType<typeof form.validateFields>>;
    try {
      values = await form.validateFields();
    } catch (error) {
      showFormFailure(form, error, message.error); // a rule failed: the form shows it under its field
      return;
    }
    const resourcesObjs =
      values.template === 2
        ? pairs.map((p) => [p.banner, p.main].filter((id): id is string => Boolean(id)))
        : singles.map((id) => [id]);
    const count = resourcesObjs.flat().length;
    if (count === 0) return setMaterialError(messageFor('AD_MATERIALS_REQUIRED', lang()));
    if (count > AD_MAX_MATERIALS) return setMaterialError(messageFor('AD_MATERIALS_MAX', lang()));
    setMaterialError(null);
    const qrIssue = overlayIssue(overlays.qr);
    const watermarkIssue = overlayIssue(overlays.watermark);
    if (qrIssue || watermarkIssue) {
      setOverlayErrors({
        qr: qrIssue && messageFor(qrIssue, lang()),
        watermark: watermarkIssue && messageFor(watermarkIssue, lang()),
      });
      return;
    }
    try {
      await save.mutateAsync({
        id: ad?.id,
        name: values.name.trim(),
        kind: values.kind,
        begin: values.range[0].unix(),
        end: values.range[1].unix(),
        timeZone: values.timeZone,
        resourcesObjs,
        qr: overlayChoice(overlays.qr),
        qrTarget: overlays.qr.mediaId ? values.qrTarget?.trim() || null : null,
        watermark: overlayChoice(overlays.watermark),
      });
      message.success(t('saved'));
      onClose();
    } catch (error) {
      // A refusal of the QR code or watermark (e.g. the picture is gone) shows under its section.
      const role = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      if (role === 'qr' || role === 'watermark') setOverlayErrors((e) => ({ ...e, [role]: failureText(error) }));
      else showFormFailure(form, error, message.error, failureText(error));
    }
  };

  return (
    <Modal
      open={open}
      width={980}
      title={ad ? t('editTitle') : t('createTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col flex="auto">
          <Form form={form} layout="vertical">
            <Form.Item name="name" label={t('fields.name')} rules={[checkRule(checkName)]} validateFirst>
              <Input maxLength={15} showCount />
            </Form.Item>
            <Space size="large" wrap>
              <Form.Item name="kind" label={t('fields.kind')}>
                <Radio.Group
                  options={['picture', 'video'].map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                  onChange={() => {
                    setSingles([]);
                    setPairs((p) => p.map((x) => ({ ...x, main: undefined })));
                  }}
                />
              </Form.Item>
              <Form.Item name="template" label={t('fields.template')}>
                <Radio.Group
                  options={[1, 2].map((n) => ({ value: n, label: t(`templates.t${n}`) }))}
                  onChange={() => setMaterialError(null)}
                />
              </Form.Item>
            </Space>
            <Form.Item
              name="range"
              label={t('fields.range')}
              rules={[
                { required: true, message: messageFor('START_END_REQUIRED', lang()) },
                {
                  validator: async (_r, value?: [Dayjs, Dayjs]) => {
                    if (value && !value[1].isAfter(value[0])) throw new Error(messageFor('END_BEFORE_START', lang()));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="timeZone" label={t('fields.timeZone')}>
              <Select
                options={[
                  { value: DEFAULT_TIME_ZONE, label: `${t('defaultZone')} (${zoneOffsetNow(DEFAULT_TIME_ZONE)})` },
                  ...TIME_ZONE_OPTIONS.map((o) => ({ value: o.zone, label: `${o.code} (${zoneOffsetNow(o.zone)})` })),
                ]}
              />
            </Form.Item>
            <Form.Item
              label={t('fields.materials', { n: materialCount, max: AD_MAX_MATERIALS })}
              validateStatus={materialError ? 'error' : undefined}
              help={materialError ?? undefined}
              required
            >
              {template === 1 ? (
                <Select
                  mode="multiple"
                  data-testid="ad-materials"
                  aria-label={t('fields.materialsShort')}
                  value={singles}
                  onChange={(ids: string[]) => setSingles(ids.slice(0, AD_MAX_MATERIALS))}
                  maxCount={AD_MAX_MATERIALS}
                  loading={t1.isLoading}
                  optionFilterProp="label"
                  options={options(t1.data?.datas)}
                  placeholder={t('pickMaterials')}
                />
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {pairs.map((pair, i) => (
                    <Space key={pair.uid} wrap>
                      <Typography.Text>{t('screenN', { n: i + 1 })}</Typography.Text>
                      <Select
                        aria-label={t('banner')}
                        placeholder={t('banner')}
                        style={{ width: 220 }}
                        value={pair.banner}
                        options={options(banners.data?.datas)}
                        onChange={(id: string) =>
                          setPairs((ps) => ps.map((p) => (p.uid === pair.uid ? { ...p, banner: id } : p)))
                        }
                      />
                      <Select
                        aria-label={t('main')}
                        placeholder={t('main')}
                        style={{ width: 220 }}
                        value={pair.main}
                        options={options(mains.data?.datas)}
                        onChange={(id: string) =>
                          setPairs((ps) => ps.map((p) => (p.uid === pair.uid ? { ...p, main: id } : p)))
                        }
                      />
                      {pairs.length > 1 && (
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('removeScreen')}
                          onClick={() => setPairs((ps) => ps.filter((p) => p.uid !== pair.uid))}
                        />
                      )}
                    </Space>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    disabled={materialCount + 2 > AD_MAX_MATERIALS}
                    onClick={() => setPairs((ps) => [...ps, newScreen()])}
                  >
                    {t('addScreen')}
                  </Button>
                </Space>
              )}
            </Form.Item>
            {(['qr', 'watermark'] as const).map((role) => (
              <OverlayField
                key={role}
                overlay={role}
                value={overlays[role]}
                onChange={(value) => setOverlay(role, value)}
                error={overlayErrors[role]}
              />
            ))}
            {overlays.qr.mediaId && (
              <Form.Item
                name="qrTarget"
                label={t('overlay.target')}
                extra={t('overlay.targetHint')}
                rules={[
                  {
                    validator: async (_, value?: string) => {
                      const v = value?.trim() ?? '';
                      if (v !== '' && !isQrTarget(v)) throw new Error(messageFor('AD_QR_TARGET_INVALID', lang()));
                    },
                  },
                ]}
              >
                <Input type="url" maxLength={QR_TARGET_MAX} placeholder={t('overlay.targetPlaceholder')} allowClear />
              </Form.Item>
            )}
          </Form>
        </Col>
        <Col flex="310px">
          <Typography.Title level={5}>{t('preview.title')}</Typography.Title>
          <RobotPreview screens={screens} template={template} qr={overlays.qr} watermark={overlays.watermark} />
        </Col>
      </Row>
    </Modal>
  );
}
