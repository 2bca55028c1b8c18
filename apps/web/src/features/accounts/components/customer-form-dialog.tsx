import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOMER_CATEGORIES,
  CUSTOMER_CONTACTS_MAX,
  customerCreateBody,
  customerRulesIssues,
} from '@robot-ads/contracts/customers/customers.schemas';
import type { INDUSTRIES } from '@robot-ads/contracts/customers/enterprise.rules';
import type { RegionNames } from '@robot-ads/contracts/regions/regions';
import { App, Button, Col, Form, Input, Modal, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../../../components/region-cascader';
import { lang } from '../../../lib/i18n';
import { schemaRule } from '../../../lib/rules';
import { industryOptions } from '../../../lib/vocabulary';
import { type Customer, type CustomerCategory, useCreateCustomer, useUpdateCustomer } from '../api/customers';
import { issueRule, showSaveError } from './server-error';

interface CustomerFormValues {
  name: string;
  category: CustomerCategory;
  phone: string;
  industry: string;
  region: RegionNames;
  contacts: { name: string; phone: string }[];
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
        region: { province: customer.province, city: customer.city, district: customer.district },
        contacts: customer.contacts,
      });
  }, [open, customer, form]);

  /** The shared locale rules (phone, each contact's name and phone) of the current values. */
  const sharedIssues = () => {
    const v = form.getFieldsValue(true) as CustomerFormValues;
    return customerRulesIssues({ phone: (v.phone ?? '').trim(), contacts: trimContacts(v.contacts) }, lang());
  };

  return (
    <Modal
      open={open}
      title={t(customer ? 'customers.editTitle' : 'customers.createTitle')}
      onCancel={onClose}
      okText={t('save')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={680}
      onOk={async () => {
        try {
          const v = await form.validateFields();
          const body = {
            name: v.name.trim(),
            category: v.category,
            phone: (v.phone ?? '').trim(),
            industry: (v.industry ?? '') as (typeof INDUSTRIES)[number] | '',
            province: v.region?.province ?? '',
            city: v.region?.city ?? '',
            district: v.region?.district ?? '',
            contacts: trimContacts(v.contacts),
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
        initialValues={{ category: 'advertisers', contacts: [] }}
        data-testid="customer-form"
      >
        <Form.Item name="name" label={t('fields.customerName')} rules={[schemaRule(customerCreateBody.shape.name)]}>
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="category" label={t('fields.category')}>
              <Select options={CUSTOMER_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="industry" label={t('fields.industry')}>
              <Select allowClear showSearch optionFilterProp="label" options={industryOptions()} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="phone" label={t('fields.phone')} rules={[issueRule(sharedIssues, ['phone'])]}>
          <Input />
        </Form.Item>
        <Form.Item name="region" label={t('fields.region')}>
          <RegionCascader aria-label={t('fields.region')} />
        </Form.Item>
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item
                    name={[f.name, 'name']}
                    label={i === 0 ? t('fields.contactName') : undefined}
                    rules={[issueRule(sharedIssues, ['contacts', f.name, 'name'])]}
                  >
                    <Input placeholder={t('fields.contactName')} aria-label={`${t('fields.contactName')} ${i + 1}`} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'phone']}
                    label={i === 0 ? t('fields.contactPhone') : undefined}
                    rules={[issueRule(sharedIssues, ['contacts', f.name, 'phone'])]}
                  >
                    <Input placeholder={t('fields.contactPhone')} aria-label={`${t('fields.contactPhone')} ${i + 1}`} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label={t('customers.removeContact')} onClick={() => remove(f.name)} />
                </Space>
              ))}
              {fields.length < CUSTOMER_CONTACTS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', phone: '' })}>
                  {t('customers.addContact')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function trimContacts(contacts: CustomerFormValues['contacts'] | undefined) {
  return (contacts ?? []).map((c) => ({ name: (c?.name ?? '').trim(), phone: (c?.phone ?? '').trim() }));
}
