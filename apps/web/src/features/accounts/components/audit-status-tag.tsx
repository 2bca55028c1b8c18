import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { pass: 'green', reject: 'red', pending: 'blue', none: 'default' };

/** A customer's review status: 'pass' approved, 'reject' rejected, 'pending' submitted, else not submitted. */
export function AuditStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('accounts');
  const known = status in COLORS ? status : 'none';
  return <Tag color={COLORS[known]}>{t(`audit.${known}`)}</Tag>;
}
