import { messageFor } from '@robot-ads/contracts/common/errors';
import { BANNER_TITLE_MAX } from '@robot-ads/contracts/wechat/wechat.rules';
import { bannerLink } from '@robot-ads/contracts/wechat/wechat.schemas';
import { App, DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { schemaRule } from '../../../lib/rules';
import { type BannerDto, useSaveBanner } from '../api/wechat-banners';
import { BannerPicture, type BannerPictureValue } from './banner-picture';

interface Values {
  picture: BannerPictureValue | null;
  title: string;
  link: string;
  schedule: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

/** Adds a banner (`banner` null) or changes one. */
export function BannerDialog({
  open,
  banner,
  onClose,
}: {
  open: boolean;
  banner: BannerDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wechat');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveBanner();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      picture: banner ? { mediaId: banner.mediaId, url: banner.imageUrl } : null,
      title: banner?.title ?? '',
      link: banner?.link ?? '',
      schedule: banner
        ? [
            banner.beginTime === null ? null : dayjs.unix(banner.beginTime),
            banner.endTime === null ? null : dayjs.unix(banner.endTime),
          ]
        : null,
      enabled: banner?.enabled ?? true,
    });
  }, [open, banner, form]);

  const submit = async (values: Values) => {
    const [begin, end] = values.schedule ?? [null, null];
    await save.mutateAsync({
      id: banner?.id,
      body: {
        mediaId: values.picture?.mediaId ?? '',
        title: values.title.trim(),
        link: values.link?.trim() ?? '',
        beginTime: begin ? begin.unix() : null,
        endTime: end ? end.unix() : null,
        enabled: values.enabled,
      },
    });
    message.success(t('banners.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={banner ? t('banners.edit') : t('banners.add')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)}>
        <Form.Item
          name="picture"
          label={t('banners.picture')}
          rules={[{ required: true, message: t('banners.pictureRequired') }]}
        >
          <BannerPicture />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('banners.titleField')}
          rules={[
            { required: true, whitespace: true, message: messageFor('WECHAT_BANNER_TITLE_REQUIRED', lang()) },
            { max: BANNER_TITLE_MAX, message: messageFor('WECHAT_BANNER_TITLE_LENGTH', lang()) },
          ]}
        >
          <Input maxLength={BANNER_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="link" label={t('banners.link')} extra={t('banners.linkHint')} rules={[schemaRule(bannerLink)]}>
          <Input allowClear placeholder="https://… / pages/index/index" />
        </Form.Item>
        <Form.Item
          name="schedule"
          label={t('banners.schedule')}
          extra={t('banners.scheduleHint')}
          rules={[
            {
              validator: async (_r, value: Values['schedule']) => {
                const [b, e] = value ?? [null, null];
                if (b && e && !b.isBefore(e)) throw new Error(messageFor('END_BEFORE_START', lang()));
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('banners.begin'), t('banners.end')]}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('banners.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
