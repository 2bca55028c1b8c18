import { CUSTOMER_CATEGORIES, customerCreateBody } from '@robot-ads/contracts/customers/customers.schemas';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule, schemaRule } from '../../../lib/rules';
import { type Customer, type CustomerCategory, useCreateCustomer, useUpdateCustomer } from '../api/customers';
import { optionalPhone } from './account-fields';
import { showSaveError } from './server-error';

interface CustomerFormValues {
  name: string;
  category: CustomerCategory;
  phone: string;
  industry: string;
}

/** Create (customer null) or edit a customer; `onSaved` gets the saved customer. */
export function CustomerFormDialog({
  open,
  customer,
  onClose,
  onSaved,
}: {
  open: boolean;
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerFormValues>();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (customer)
      form.setFieldsValue({
        name: customer.name,
        category: customer.category,
        phone: customer.phone,
        industry: customer.industry,
      });
  }, [open, customer, form]);

  return (
    <Modal
      open={open}
      title={t(customer ? 'customers.editTitle' : 'customers.createTitle')}
      onCancel={onClose}
      okText={t('save')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      onOk={async () => {
        try {
          const v = await form.validateFields();
          const body = {
            name: v.name.trim(),
            category: v.category,
            phone: (v.phone ?? '').trim(),
            industry: (v.industry ?? '').trim(),
          };
          const saved = customer
            ? await update.mutateAsync({ id: customer.id, ...body })
            : await create.mutateAsync(body);
          message.success(t(customer ? 'saved' : 'created'));
          onSaved?.(saved);
          onClose();
        } catch (error) {
          showSaveError(form, error, (text) => message.error(text), t(customer ? 'saveFailed' : 'createFailed'));
        }
      }}
    >
      <Form<CustomerFormValues>
        form={form}
        layout="vertical"
        initialValues={{ category: 'advertisers' }}
        data-testid="customer-form"
      >
        <Form.Item name="name" label={t('fields.customerName')} rules={[schemaRule(customerCreateBody.shape.name)]}>
          <Input />
        </Form.Item>
        <Form.Item name="category" label={t('fields.category')}>
          <Select options={CUSTOMER_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')} rules={[checkRule(optionalPhone)]}>
          <Input />
        </Form.Item>
        <Form.Item name="industry" label={t('fields.industry')}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
