import { messageFor } from '@robot-ads/contracts/common/errors';
import type { RegionNames } from '@robot-ads/contracts/regions/regions';
import { LEAD_SOURCES } from '@robot-ads/contracts/sales/leads.schemas';
import { LEAD_PRIORITIES } from '@robot-ads/contracts/sales/sales.rules';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../../../components/region-cascader';
import { lang } from '../../../lib/i18n';
import { industryOptions } from '../../../lib/vocabulary';
import { type Lead, useSaveLead } from '../api/leads';
import { SalesFormDialog, SalesNameField } from './sales-form-dialog';

type LeadForm = Omit<Partial<Lead>, 'nextFollowAt'> & { nextFollowAt?: Dayjs | null; region?: RegionNames };

/** Create or edit a lead: name, phone (unique among leads), industry, region, source, priority, next follow-up. */
export function LeadFormDialog({ lead, onClose }: { lead: Lead | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const [form] = Form.useForm<LeadForm>();
  const save = useSaveLead();
  const editing = lead !== null && lead !== 'new' ? lead : null;
  const language = lang();
  return (
    <SalesFormDialog
      kind="leads"
      open={lead !== null}
      editingId={editing?.id ?? null}
      form={form}
      saving={save.isPending}
      body={(v) => ({
        name: v.name ?? '',
        phone: v.phone ?? '',
        industry: v.industry ?? '',
        province: v.region?.province ?? '',
        city: v.region?.city ?? '',
        source: v.source,
        priority: v.priority,
        nextFollowAt: v.nextFollowAt ? v.nextFollowAt.startOf('day').unix() : null,
      })}
      save={(body) => save.mutateAsync(body)}
      onClose={onClose}
      testId="lead-form"
      initialValues={
        editing
          ? {
              ...editing,
              region: { province: editing.province, city: editing.city },
              nextFollowAt: editing.nextFollowAt ? dayjs.unix(editing.nextFollowAt) : null,
            }
          : { priority: 'ordinary', source: 'other', industry: '' }
      }
    >
      <SalesNameField />
      <Form.Item
        name="phone"
        label={t('fields.phone')}
        rules={[{ required: true, message: messageFor('PHONE_REQUIRED', language) }]}
      >
        <Input aria-label={t('fields.phone')} />
      </Form.Item>
      <Form.Item name="industry" label={t('fields.industry')}>
        <Select allowClear aria-label={t('fields.industry')} options={industryOptions()} />
      </Form.Item>
      <Form.Item name="region" label={t('fields.region')}>
        <RegionCascader depth={2} aria-label={t('fields.region')} />
      </Form.Item>
      <Form.Item name="source" label={t('fields.source')}>
        <Select
          aria-label={t('fields.source')}
          options={LEAD_SOURCES.map((s) => ({ value: s, label: t(`vocabulary:leadSource.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="priority" label={t('fields.priority')}>
        <Select
          aria-label={t('fields.priority')}
          options={LEAD_PRIORITIES.map((p) => ({ value: p, label: t(`vocabulary:leadPriority.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="nextFollowAt" label={t('fields.nextFollowAt')} extra={t('leads.reminder')}>
        <DatePicker aria-label={t('fields.nextFollowAt')} />
      </Form.Item>
    </SalesFormDialog>
  );
}
