import { PlusOutlined } from '@ant-design/icons';
import {
  CUSTOMER_AUDIT_STATUSES,
  CUSTOMER_CATEGORIES,
  type CustomerAuditStatus,
} from '@robot-ads/contracts/customers/customers.schemas';
import type { Industry } from '@robot-ads/contracts/customers/enterprise.rules';
import { App, Button, Card, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { provinceOptions, regionText } from '../../../lib/regions';
import { industryOptions, industryText } from '../../../lib/vocabulary';
import { type Customer, type CustomerCategory, useCustomersPage, useDeleteCustomer } from '../api/customers';
import { AdvertiserFormDialog } from '../components/advertiser-form-dialog';
import { AuditStatusTag } from '../components/audit-status-tag';
import { CustomerFormDialog } from '../components/customer-form-dialog';
import { FilterBar } from '../components/filter-bar';
import { ListExportButton } from '../components/list-export-button';
import { usePagedFilter } from '../components/paging';

/** /customer/customer: customers in scope (server-paged; name, category), their advertiser accounts. */
export default function CustomersPage() {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const paged = usePagedFilter<{
    name?: string;
    contact?: string;
    province?: string;
    category?: CustomerCategory;
    industry?: Industry;
    auditStatus?: CustomerAuditStatus;
  }>({});
  const list = useCustomersPage(paged.query);
  const remove = useDeleteCustomer();
  const [editing, setEditing] = useState<Customer | null | 'new'>(null);
  const [accountFor, setAccountFor] = useState<Customer | null>(null);

  return (
    <Card
      title={t('customers.title')}
      extra={
        <Space>
          <ListExportButton path="/api/Customers/export" filters={paged.filter} total={list.data?.total} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('customers.create')}
          </Button>
        </Space>
      }
    >
      <FilterBar
        fields={[
          { key: 'name', label: t('fields.customerName') },
          { key: 'contact', label: t('fields.contactFilter') },
          { key: 'province', label: t('fields.province'), options: provinceOptions() },
          {
            key: 'category',
            label: t('fields.category'),
            options: CUSTOMER_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
          },
          {
            key: 'industry',
            label: t('fields.industry'),
            options: industryOptions(),
          },
          {
            key: 'auditStatus',
            label: t('fields.auditStatus'),
            options: CUSTOMER_AUDIT_STATUSES.map((a) => ({ value: a, label: t(`audit.${a}`) })),
          },
        ]}
        value={paged.filter}
        onApply={paged.apply}
      />
      <Table<Customer>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Customer>(
          [
            { title: t('fields.customerName'), dataIndex: 'name', size: 'name' },
            {
              title: t('fields.auditStatus'),
              dataIndex: 'auditStatus',
              size: 'tag',
              width: 130,
              render: (s: CustomerAuditStatus, c) => <AuditStatusTag status={s} note={c.auditNote} />,
            },
            {
              title: t('fields.category'),
              dataIndex: 'category',
              size: 'tag',
              width: 150,
              render: (c: string) => t(`categories.${c}`),
            },
            {
              title: t('fields.industry'),
              dataIndex: 'industry',
              size: 'text',
              minScreen: 1600,
              // A value outside the list (older data) shows as stored.
              render: (v: string) => industryText(v),
            },
            {
              title: t('fields.region'),
              key: 'region',
              size: 'text',
              render: (_: unknown, c) => regionText(c),
            },
            {
              title: t('fields.contacts'),
              key: 'contacts',
              size: 'long',
              // Also in the edit dialog; the accounts beside it are what an operator looks for here.
              minScreen: 1440,
              render: (_: unknown, c) =>
                [c.phone, ...c.contacts.map((x) => `${x.name} ${x.phone}`)].filter(Boolean).join(', '),
            },
            {
              title: t('fields.accounts'),
              key: 'accounts',
              size: 'long',
              render: (_: unknown, c) =>
                c.accounts.length
                  ? c.accounts.map((a) => `${a.name} (${a.account})`).join(', ')
                  : t('customers.noAccount'),
            },
            {
              title: t('fields.createtime'),
              dataIndex: 'createtime',
              size: 'time',
              minScreen: 1600,
              render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              // Edit inline, the rest under "More": the review status and region stay visible at 1280 px.
              width: 150,
              render: (_: unknown, c) => (
                <RowActions
                  inline={1}
                  actions={[
                    { key: 'edit', label: t('edit'), onClick: () => setEditing(c) },
                    { key: 'account', label: t('customers.addAccount'), onClick: () => setAccountFor(c) },
                    {
                      key: 'delete',
                      label: t('delete'),
                      danger: true,
                      confirm: t('customers.deleteConfirm', { name: c.name }),
                      onClick: async () => {
                        await remove.mutateAsync(c.id);
                        message.success(t('deleted'));
                      },
                    },
                  ]}
                />
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('customers.emptyHint') } },
        )}
      />
      <CustomerFormDialog
        open={editing !== null}
        customer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (editing === 'new') setAccountFor(saved);
        }}
      />
      <AdvertiserFormDialog
        open={accountFor !== null}
        account={null}
        defaultCustomer={accountFor ?? undefined}
        onClose={() => setAccountFor(null)}
      />
    </Card>
  );
}
