import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type Account, useAdvertisersPage, useDeleteAdvertiser } from '../api/accounts';
import { useAccountActions } from '../components/account-actions';
import { accountStateColumns } from '../components/account-columns';
import { AdvertiserFormDialog } from '../components/advertiser-form-dialog';
import { FilterBar } from '../components/filter-bar';
import { ListExportButton } from '../components/list-export-button';
import { usePagedFilter } from '../components/paging';

/** /account/user/user: advertiser accounts in scope (server-paged by login name and name), each with its customer. */
export default function AdvertiserUsersPage() {
  const { t } = useTranslation('accounts');
  const paged = usePagedFilter<{ account?: string; name?: string }>({});
  const list = useAdvertisersPage(paged.query);
  const remove = useDeleteAdvertiser();
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const actions = useAccountActions({ onEdit: setEditing, remove: remove.mutateAsync });
  const now = Math.floor(Date.now() / 1000);

  return (
    <Card
      title={t('advertisers.title')}
      extra={
        <Space>
          <ListExportButton path="/api/AdvertiserUsers/export" filters={paged.filter} total={list.data?.total} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('advertisers.create')}
          </Button>
        </Space>
      }
    >
      <FilterBar
        fields={[
          { key: 'account', label: t('fields.username') },
          { key: 'name', label: t('fields.name') },
        ]}
        value={paged.filter}
        onApply={paged.apply}
      />
      <Table<Account>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Account>(
          [
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.username'), dataIndex: 'account', size: 'text' },
            { title: t('fields.customer'), dataIndex: 'customerName', size: 'name' },
            {
              title: t('fields.role'),
              dataIndex: 'role',
              size: 'tag',
              width: 150,
              render: (r: string) => t(`common:roles.${r}`),
            },
            {
              title: t('fields.diy'),
              dataIndex: 'diy',
              size: 'tag',
              render: (v: string) => t(v === 'yes' ? 'yes' : 'no'),
            },
            ...accountStateColumns(t, now),
            actions.column,
          ],
          {
            query: list,
            empty: { filtered: paged.filtered, hint: t('advertisers.emptyHint'), who: t('advertisers.emptyWho') },
          },
        )}
      />
      <AdvertiserFormDialog
        open={editing !== null}
        account={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      {actions.dialog}
    </Card>
  );
}
