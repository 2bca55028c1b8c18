import type { FollowState, LeadPriority, OrderState } from '@robot-ads/contracts/sales/sales.rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ORDER_COLORS: Record<OrderState, string> = {
  reviewing: 'gold',
  rejected: 'red',
  pendingPayment: 'orange',
  paid: 'cyan',
  launched: 'blue',
  completed: 'green',
  cancelled: 'default',
};
const FOLLOW_COLORS: Record<FollowState, string> = {
  notFollowed: 'default',
  following: 'blue',
  completed: 'green',
  discarded: 'red',
};
const PRIORITY_COLORS: Record<LeadPriority, string> = { low: 'default', ordinary: 'blue', high: 'red' };

export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation('sales');
  return <Tag color={ORDER_COLORS[state]}>{t(`orderState.${state}`)}</Tag>;
}

export function FollowStateTag({ state }: { state: FollowState }) {
  const { t } = useTranslation('sales');
  return <Tag color={FOLLOW_COLORS[state]}>{t(`vocabulary:followState.${state}`)}</Tag>;
}

export function PriorityTag({ priority }: { priority: LeadPriority }) {
  const { t } = useTranslation('sales');
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`vocabulary:leadPriority.${priority}`)}</Tag>;
}
