import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsToValidity, type Validity, validityToSeconds } from '../account-rules';
import { type Account, useCreateAdvertiser, useUpdateAdvertiser } from '../api/accounts';
import { useCustomerOptions } from '../api/customers';
import { LoginFields, SwitchField, ValidityContactFields } from './account-fields';
import { FormModal } from './form-modal';

interface AdvertiserFormValues {
  username: string;
  password: string;
  name: string;
  customer: string;
  special: boolean;
  diy: boolean;
  validity: Validity;
  enabled: boolean;
  phone: string;
  email: string;
}

/** Create (account null) or edit an advertiser account; each is attached to a customer. */
export function AdvertiserFormDialog({
  open,
  account,
  defaultCustomer,
  onClose,
}: {
  open: boolean;
  account: Account | null;
  /** A customer just created: preselected. */
  defaultCustomer?: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<AdvertiserFormValues>();
  const [search, setSearch] = useState('');
  const customers = useCustomerOptions(search, open);
  const create = useCreateAdvertiser();
  const update = useUpdateAdvertiser();
  const editing = account !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account)
      form.setFieldsValue({
        name: account.name,
        customer: account.customer ?? undefined,
        special: account.role === 'advertisers_special',
        diy: account.diy === 'yes',
        validity: secondsToValidity(account.begin, account.end),
        enabled: account.status === 'enabled',
        phone: account.phone,
        email: account.email,
      });
    else if (defaultCustomer) form.setFieldsValue({ customer: defaultCustomer.id });
  }, [open, account, defaultCustomer, form]);

  const options = (customers.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const current = account?.customer
    ? { value: account.customer, label: account.customerName ?? account.customer }
    : defaultCustomer
      ? { value: defaultCustomer.id, label: defaultCustomer.name }
      : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  const save = async (v: AdvertiserFormValues) => {
    const common = {
      name: v.name.trim(),
      customer: v.customer,
      role: v.special ? ('advertisers_special' as const) : ('advertisers' as const),
      diy: v.diy ? ('yes' as const) : ('no' as const),
      ...validityToSeconds(v.validity),
      status: v.enabled ? ('enabled' as const) : ('disabled' as const),
      phone: (v.phone ?? '').trim(),
      email: (v.email ?? '').trim(),
    };
    if (account) await update.mutateAsync({ id: account.id, ...common });
    else await create.mutateAsync({ ...common, username: v.username.trim(), password: v.password.trim() });
  };

  return (
    <FormModal<AdvertiserFormValues>
      open={open}
      title={t(editing ? 'advertisers.editTitle' : 'advertisers.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      save={save}
      onClose={onClose}
      width={600}
      successText={t(editing ? 'saved' : 'created')}
      failureText={t(editing ? 'saveFailed' : 'createFailed')}
    >
      <Form<AdvertiserFormValues>
        form={form}
        layout="vertical"
        initialValues={{ enabled: true, diy: false, special: false }}
        data-testid="advertiser-form"
      >
        <LoginFields creating={!editing} />
        <Form.Item
          name="customer"
          label={t('fields.customer')}
          rules={[{ required: true, message: t('rules.customerRequired') }]}
          extra={t('advertisers.customerHint')}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={customers.isFetching}
            options={options}
            notFoundContent={t('advertisers.noCustomer')}
          />
        </Form.Item>
        <ValidityContactFields form={form} />
        <SwitchField name="diy" label={t('fields.diy')} extra={t('advertisers.diyHint')} />
        <SwitchField name="special" label={t('fields.special')} />
        <SwitchField name="enabled" label={t('fields.enabled')} />
      </Form>
    </FormModal>
  );
}
