import { App, Button, Popconfirm } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { accountState, formatDay } from '../account-rules';
import type { Account } from '../api/accounts';
import { AccountStateTag } from './account-state-tag';

/** The state (why a login would be refused) and validity columns every account list shows. */
export function accountStateColumns(t: TFunction, nowSeconds: number): ListColumn<Account>[] {
  return [
    {
      title: t('fields.state'),
      key: 'state',
      size: 'tag',
      width: 130,
      render: (_: unknown, a) => <AccountStateTag state={accountState(a, nowSeconds)} />,
    },
    {
      title: t('fields.validity'),
      key: 'validity',
      size: 'period',
      width: 230,
      minScreen: 1920,
      render: (_: unknown, a) =>
        a.begin === null && a.end === null
          ? t('validity.always')
          : `${formatDay(a.begin) || '…'} ~ ${formatDay(a.end) || '…'}`,
    },
  ];
}

/** Edit, enable or disable, reset the password, delete: the row buttons of an account list. */
export function AccountRowActions({
  account: a,
  onEdit,
  onReset,
  setStatus,
  remove,
}: {
  account: Account;
  onEdit: () => void;
  onReset: () => void;
  setStatus: (status: 'enabled' | 'disabled') => Promise<unknown>;
  remove: () => Promise<unknown>;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const enabled = a.status === 'enabled';
  // Edit inline, the rest under "More": the actions column stays narrow beside the state column.
  return (
    <RowActions
      inline={1}
      actions={[
        { key: 'edit', label: t('edit'), onClick: onEdit },
        {
          key: 'status',
          label: t(enabled ? 'disable' : 'enable'),
          confirm: t(enabled ? 'users.disableConfirm' : 'users.enableConfirm', { name: a.name }),
          onClick: async () => {
            try {
              await setStatus(enabled ? 'disabled' : 'enabled');
              message.success(t(enabled ? 'users.disabled' : 'users.enabled'));
            } catch (e) {
              message.error(e instanceof Error ? e.message : t('saveFailed'));
            }
          },
        },
        { key: 'reset', label: t('reset.action'), onClick: onReset },
        {
          key: 'delete',
          label: t('delete'),
          danger: true,
          confirm: t('users.deleteConfirm', { name: a.name }),
          onClick: async () => {
            await remove();
            message.success(t('deleted'));
          },
        },
      ]}
    />
  );
}

export function DeleteButton({
  name,
  remove,
  confirmKey = 'users.deleteConfirm',
}: {
  name: string;
  remove: () => Promise<unknown>;
  confirmKey?: string;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t(confirmKey, { name })}
      onConfirm={async () => {
        await remove();
        message.success(t('deleted'));
      }}
    >
      <Button size="small" danger>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
