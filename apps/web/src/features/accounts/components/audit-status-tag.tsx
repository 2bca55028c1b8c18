import type { CustomerAuditStatus } from '@robot-ads/contracts/customers/customers.schemas';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CustomerAuditStatus, string> = {
  pass: 'green',
  reject: 'red',
  pending: 'blue',
  unsubmitted: 'default',
};

/** A customer's review status; a rejection shows its reason on hover. */
export function AuditStatusTag({ status, note }: { status: CustomerAuditStatus; note?: string }) {
  const { t } = useTranslation('accounts');
  const tag = <Tag color={COLORS[status]}>{t(`audit.${status}`)}</Tag>;
  return status === 'reject' && note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}
