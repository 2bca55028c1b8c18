import { checkName, checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import type { Ok } from '@robot-ads/contracts/common/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { lang } from '../../../lib/i18n';
import { checkRule } from '../../../lib/rules';
import type { Account } from '../api/accounts';
import type { Owner } from '../api/owners';
import { FormModal } from './form-modal';

/** An owner's contact name and phone (GET /api/Proprietors/updateContact; the phone is unique). */
export function OwnerContactDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<{ name: string; phone: string }>();
  const client = useQueryClient();
  const account = useQuery({
    queryKey: ['accounts', 'one', owner?.accountId],
    queryFn: () => api.get<Ok<Account>>(`/api/Users/${owner?.accountId}`),
    enabled: owner !== null,
  });
  const save = useMutation({
    mutationFn: (q: { id: string; name: string; phone: string }) =>
      api.get<Ok<Account>>('/api/Proprietors/updateContact', { query: q, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['accounts'] }),
  });
  useEffect(() => {
    if (account.data) form.setFieldsValue(account.data.contact);
  }, [account.data, form]);

  return (
    <FormModal
      open={owner !== null}
      title={t('owners.contactTitle', { name: owner?.name ?? '' })}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      save={async (v) => {
        if (owner) await save.mutateAsync({ id: owner.accountId, name: v.name.trim(), phone: v.phone.trim() });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label={t('fields.contactName')} rules={[checkRule(checkName)]}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.contactPhone')} rules={[checkRule((v) => checkPhone(v, lang()))]}>
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
