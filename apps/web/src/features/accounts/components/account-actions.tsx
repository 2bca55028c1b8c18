import { type JSX, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list-table';
import { type Account, useResetPassword, useSetAccountStatus } from '../api/accounts';
import { AccountRowActions } from './account-columns';
import { ResetPasswordDialog } from './reset-password-dialog';

/**
 * What every account list has at the end of its rows: edit, enable or disable, reset the password (with its
 * dialog, to render once) and delete. `may` hides the buttons on the rows the user may not change.
 */
export function useAccountActions({
  onEdit,
  remove,
  may = () => true,
}: {
  onEdit: (account: Account) => void;
  remove: (id: string) => Promise<unknown>;
  may?: (account: Account) => boolean;
}): { column: ListColumn<Account>; dialog: JSX.Element } {
  const { t } = useTranslation('accounts');
  const setStatus = useSetAccountStatus();
  const reset = useResetPassword();
  const [resetting, setResetting] = useState<Account | null>(null);
  return {
    column: {
      title: t('fields.actions'),
      key: 'actions',
      size: 'actions',
      width: 150,
      render: (_: unknown, a) =>
        may(a) ? (
          <AccountRowActions
            account={a}
            onEdit={() => onEdit(a)}
            onReset={() => setResetting(a)}
            setStatus={(status) => setStatus.mutateAsync({ id: a.id, status })}
            remove={() => remove(a.id)}
          />
        ) : null,
    },
    dialog: (
      <ResetPasswordDialog
        account={resetting}
        onClose={() => setResetting(null)}
        saving={reset.isPending}
        save={(id, password) => reset.mutateAsync({ id, password })}
      />
    ),
  };
}
