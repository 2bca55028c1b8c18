import { PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_STATUSES } from '@robot-ads/contracts/accounts/accounts.schemas';
import { ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { Button, Card, Col, Row, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { sessionStore } from '../../../lib/session';
import { canManage, isSuperuser, type Me } from '../account-rules';
import { type Account, useDeleteAccount, useUsersPage } from '../api/accounts';
import { useAccountActions } from '../components/account-actions';
import { accountStateColumns } from '../components/account-columns';
import { AccountFormDialog } from '../components/account-form-dialog';
import { AccountTree } from '../components/account-tree';
import { FilterBar } from '../components/filter-bar';
import { ListExportButton } from '../components/list-export-button';
import { usePagedFilter } from '../components/paging';

/** /accountInformation/index: the account tree, the accounts in scope (server-paged) and their management. */
export default function UserManagementPage() {
  const { t } = useTranslation('accounts');
  const user = sessionStore.use((s) => s.user);
  const me: Me = useMemo(
    () => ({ id: user?.id ?? '', role: user?.role ?? 'operator', principals: user?.principals ?? '' }),
    [user?.id, user?.role, user?.principals],
  );
  const canEdit = me.role === 'super' || me.role === 'administrator' || isSuperuser(me);
  const paged = usePagedFilter<{ name?: string; role?: Role; status?: 'enabled' | 'disabled' }>({});
  const [selected, setSelected] = useState<Account | null>(null);
  const users = useUsersPage({ ...paged.query, parentId: selected?.id });
  const remove = useDeleteAccount();
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const actions = useAccountActions({
    onEdit: setEditing,
    remove: remove.mutateAsync,
    may: (a) => canEdit && canManage(me, a),
  });
  const now = Math.floor(Date.now() / 1000);
  const parentOfNew = selected && (selected.role === 'super' || selected.role === 'administrator') ? selected : null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title={t('tree.title')} size="small">
          <AccountTree
            selected={selected?.id}
            onSelect={(a) => {
              setSelected(a);
              paged.apply(paged.filter);
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card
          title={t('users.title')}
          extra={
            <Space>
              <ListExportButton
                path="/api/Users/export"
                filters={{ ...paged.filter, parentId: selected?.id }}
                total={users.data?.total}
              />
              {canEdit && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {parentOfNew ? t('users.createUnder', { name: parentOfNew.name }) : t('users.create')}
                </Button>
              )}
            </Space>
          }
        >
          <FilterBar
            fields={[
              { key: 'name', label: t('fields.name') },
              {
                key: 'role',
                label: t('fields.role'),
                options: ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) })),
              },
              {
                key: 'status',
                label: t('fields.state'),
                options: ACCOUNT_STATUSES.map((v) => ({ value: v, label: t(`states.${v}`) })),
              },
            ]}
            value={paged.filter}
            onApply={paged.apply}
          />
          <Table<Account>
            rowKey="id"
            dataSource={users.data?.datas ?? []}
            pagination={paged.pagination(users.data?.total)}
            {...listTable<Account>(
              [
                { title: t('fields.name'), dataIndex: 'name', size: 'name' },
                { title: t('fields.username'), dataIndex: 'account', size: 'text', minScreen: 1440 },
                {
                  title: t('fields.role'),
                  dataIndex: 'role',
                  size: 'tag',
                  width: 150,
                  render: (r: string, a) => (
                    <Space size={4}>
                      {t(`common:roles.${r}`)}
                      {a.principals && <Tag color="gold">{t(`principals.${a.principals}`)}</Tag>}
                    </Space>
                  ),
                },
                ...accountStateColumns(t, now),
                {
                  title: t('fields.contactPhone'),
                  key: 'contact',
                  size: 'code',
                  minScreen: 1600,
                  render: (_: unknown, a) => a.contact.phone || a.phone,
                },
                {
                  title: t('fields.autoAudit'),
                  dataIndex: 'autoAudit',
                  size: 'tag',
                  minScreen: 1920,
                  render: (v: string) => t(v === 'yes' ? 'yes' : 'no'),
                },
                actions.column,
              ],
              {
                query: users,
                empty: {
                  filtered: paged.filtered || selected !== null,
                  hint: t('users.emptyHint'),
                  who: t('users.emptyWho'),
                },
              },
            )}
          />
        </Card>
      </Col>
      <AccountFormDialog
        open={editing !== null}
        account={editing === 'new' ? null : editing}
        defaultParentId={parentOfNew?.id}
        me={me}
        onClose={() => setEditing(null)}
      />
      {actions.dialog}
    </Row>
  );
}
