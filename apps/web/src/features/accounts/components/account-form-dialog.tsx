import { Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../../lib/rules';
import {
  assignableRoles,
  isSuperuser,
  type ManagedRole,
  type Me,
  secondsToValidity,
  type Validity,
  validityToSeconds,
} from '../account-rules';
import { type Account, useCreateAccount, useParentDictionary, useUpdateAccount } from '../api/accounts';
import { LoginFields, optionalPhone, SwitchField, ValidityContactFields } from './account-fields';
import { FormModal } from './form-modal';

export interface AccountFormValues {
  username: string;
  password: string;
  name: string;
  role: ManagedRole;
  parentId?: string;
  validity: Validity;
  enabled: boolean;
  autoAudit: boolean;
  isSoldOut: boolean;
  phone: string;
  email: string;
  contactName: string;
  contactPhone: string;
}

/** Create (account null) or edit a sub-account of the account tree. */
export function AccountFormDialog({
  open,
  account,
  defaultParentId,
  me,
  onClose,
}: {
  open: boolean;
  account: Account | null;
  defaultParentId?: string;
  me: Me;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<AccountFormValues>();
  const parents = useParentDictionary(open);
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const editing = account !== null;
  const roles = useMemo(() => assignableRoles(me), [me]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account) {
      form.setFieldsValue({
        name: account.name,
        role: account.role as ManagedRole,
        parentId: account.parentId ?? undefined,
        validity: secondsToValidity(account.begin, account.end),
        enabled: account.status === 'enabled',
        autoAudit: account.autoAudit === 'yes',
        isSoldOut: account.isSoldOut,
        phone: account.phone,
        email: account.email,
        contactName: account.contact.name,
        contactPhone: account.contact.phone,
      });
    } else {
      form.setFieldsValue({ parentId: defaultParentId, role: roles.includes('operator') ? 'operator' : roles[0] });
    }
  }, [open, account, defaultParentId, form, roles]);

  const save = async (v: AccountFormValues) => {
    const common = {
      name: v.name.trim(),
      role: v.role,
      parentId: v.parentId || undefined,
      ...validityToSeconds(v.validity),
      status: v.enabled ? ('enabled' as const) : ('disabled' as const),
      autoAudit: v.autoAudit ? ('yes' as const) : ('no' as const),
      isSoldOut: v.isSoldOut,
      phone: (v.phone ?? '').trim(),
      email: (v.email ?? '').trim(),
      contact: { name: (v.contactName ?? '').trim(), phone: (v.contactPhone ?? '').trim() },
    };
    if (account) await update.mutateAsync({ id: account.id, ...common });
    else await create.mutateAsync({ ...common, username: v.username.trim(), password: v.password.trim() });
  };

  return (
    <FormModal<AccountFormValues>
      open={open}
      title={t(editing ? 'users.editTitle' : 'users.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      save={save}
      onClose={onClose}
      width={640}
      successText={t(editing ? 'saved' : 'created')}
      failureText={t(editing ? 'saveFailed' : 'createFailed')}
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        initialValues={{ enabled: true, autoAudit: false, isSoldOut: false }}
        data-testid="account-form"
      >
        <LoginFields creating={!editing} />
        <Form.Item name="role" label={t('fields.role')} rules={[{ required: true, message: t('rules.roleRequired') }]}>
          <Select options={roles.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
        </Form.Item>
        <Form.Item name="parentId" label={t('fields.parent')} extra={t('users.parentHint')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={parents.isLoading}
            options={(parents.data ?? [])
              .filter((p) => p.id !== account?.id)
              .map((p) => ({ value: p.id, label: `${p.name} (${p.account})` }))}
          />
        </Form.Item>
        <ValidityContactFields form={form} />
        <Form.Item name="contactName" label={t('fields.contactName')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('fields.contactPhone')} rules={[checkRule(optionalPhone)]}>
          <Input />
        </Form.Item>
        <SwitchField name="enabled" label={t('fields.enabled')} />
        <SwitchField name="autoAudit" label={t('fields.autoAudit')} extra={t('users.autoAuditHint')} />
        <SwitchField name="isSoldOut" label={t('fields.isSoldOut')} />
        {isSuperuser(me) && editing && account.principals && (
          <Form.Item label={t('fields.principals')}>
            <Input value={t(`principals.${account.principals}`)} disabled />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
