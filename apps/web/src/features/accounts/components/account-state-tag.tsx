import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountState } from '../account-rules';

const COLOR: Record<AccountState, string> = {
  enabled: 'green',
  disabled: 'red',
  notYetValid: 'blue',
  expired: 'orange',
  unauthorized: 'purple',
  unused: 'default',
};

export function AccountStateTag({ state }: { state: AccountState }) {
  const { t } = useTranslation('accounts');
  return <Tag color={COLOR[state]}>{t(`states.${state}`)}</Tag>;
}
