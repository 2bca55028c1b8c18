import type { ownerReviewScopeDto } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { Ok } from '@robot-ads/contracts/common/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useUsersPage } from '../api/accounts';
import type { Owner } from '../api/owners';
import { FormModal } from './form-modal';

type Scope = z.infer<typeof ownerReviewScopeDto>;
const APPLICANT_ROLES = new Set(['super', 'administrator', 'operator', 'advertisers', 'advertisers_special']);

/** Owner authorization of reviews: whose applications the owner reviews (none: everybody's) and autoAudit. */
export function OwnerReviewScopeDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<{ applicantIds: string[]; autoAudit: boolean }>();
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const scope = useQuery({
    queryKey: ['owners', 'scope', owner?.accountId],
    queryFn: () => api.get<Ok<Scope>>('/api/Proprietors/reviewScope', { query: { accountId: owner?.accountId } }),
    enabled: owner !== null,
  });
  const candidates = useUsersPage({ start: 0, limit: 50, name: search || undefined });
  const save = useMutation({
    mutationFn: (body: { accountId: string; autoAudit: 'yes' | 'no'; applicantIds: string[] }) =>
      api.put<Ok<Scope>>('/api/Proprietors/reviewScope', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['owners'] }),
  });
  useEffect(() => {
    if (scope.data)
      form.setFieldsValue({
        applicantIds: scope.data.applicants.map((a) => a.id),
        autoAudit: scope.data.autoAudit === 'yes',
      });
  }, [scope.data, form]);

  const options = new Map<string, string>();
  for (const a of scope.data?.applicants ?? []) options.set(a.id, `${a.name} (${a.account})`);
  for (const a of candidates.data?.datas ?? [])
    if (APPLICANT_ROLES.has(a.role)) options.set(a.id, `${a.name} (${a.account})`);

  return (
    <FormModal
      open={owner !== null}
      title={t('owners.scopeTitle', { name: owner?.name ?? '' })}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      save={async (v) => {
        if (owner)
          await save.mutateAsync({
            accountId: owner.accountId,
            autoAudit: v.autoAudit ? 'yes' : 'no',
            applicantIds: v.applicantIds ?? [],
          });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ applicantIds: [], autoAudit: false }}>
        <Form.Item name="applicantIds" label={t('owners.applicants')} extra={t('owners.applicantsHint')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching || scope.isLoading}
            options={[...options].map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item
          name="autoAudit"
          label={t('fields.autoAudit')}
          valuePropName="checked"
          extra={t('users.autoAuditHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
