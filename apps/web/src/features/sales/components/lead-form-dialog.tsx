import { messageFor } from '@robot-ads/contracts/common/errors';
import { INDUSTRIES } from '@robot-ads/contracts/customers/enterprise.rules';
import { LEAD_SOURCES } from '@robot-ads/contracts/sales/leads.schemas';
import { LEAD_PRIORITIES } from '@robot-ads/contracts/sales/sales.rules';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { type Lead, useSaveLead } from '../api/leads';
import { saveForm } from './save-form';

type LeadForm = Omit<Partial<Lead>, 'nextFollowAt'> & { nextFollowAt?: Dayjs | null };

/** Create or edit a lead: name, phone (unique among leads), industry, region, source, priority, next follow-up. */
export function LeadFormDialog({ lead, onClose }: { lead: Lead | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadForm>();
  const save = useSaveLead();
  const editing = lead !== null && lead !== 'new' ? lead : null;
  const language = lang();
  return (
    <Modal
      open={lead !== null}
      title={t(editing ? 'leads.edit' : 'leads.create')}
      okText={t('save')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const body = {
          name: v.name ?? '',
          phone: v.phone ?? '',
          industry: v.industry ?? '',
          province: v.province ?? '',
          city: v.city ?? '',
          source: v.source,
          priority: v.priority,
          nextFollowAt: v.nextFollowAt ? v.nextFollowAt.startOf('day').unix() : null,
        };
        if (await saveForm(form, message.error, () => save.mutateAsync(editing ? { ...body, id: editing.id } : body))) {
          message.success(t(editing ? 'saved' : 'created'));
          onClose();
        }
      }}
    >
      <Form<LeadForm>
        form={form}
        layout="vertical"
        data-testid="lead-form"
        initialValues={
          editing
            ? { ...editing, nextFollowAt: editing.nextFollowAt ? dayjs.unix(editing.nextFollowAt) : null }
            : { priority: 'ordinary', source: 'other', industry: '' }
        }
      >
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, min: 2, max: 15, message: messageFor('NAME_LENGTH', language) }]}
        >
          <Input aria-label={t('fields.name')} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[{ required: true, message: messageFor('PHONE_REQUIRED', language) }]}
        >
          <Input aria-label={t('fields.phone')} />
        </Form.Item>
        <Form.Item name="industry" label={t('fields.industry')}>
          <Select
            allowClear
            aria-label={t('fields.industry')}
            options={INDUSTRIES.map((i) => ({ value: i, label: t(`industry.${i}`) }))}
          />
        </Form.Item>
        <Form.Item name="province" label={t('fields.province')}>
          <Input aria-label={t('fields.province')} />
        </Form.Item>
        <Form.Item name="city" label={t('fields.city')}>
          <Input aria-label={t('fields.city')} />
        </Form.Item>
        <Form.Item name="source" label={t('fields.source')}>
          <Select
            aria-label={t('fields.source')}
            options={LEAD_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="priority" label={t('fields.priority')}>
          <Select
            aria-label={t('fields.priority')}
            options={LEAD_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="nextFollowAt" label={t('fields.nextFollowAt')} extra={t('leads.reminder')}>
          <DatePicker aria-label={t('fields.nextFollowAt')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
