import type { DeliveryStatus } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DeliveryStatus, string> = {
  notDelivered: 'default',
  pendingReview: 'gold',
  toBeIssued: 'cyan',
  issued: 'blue',
  notStarted: 'geekblue',
  live: 'green',
  ended: 'default',
  cancelled: 'red',
};

/** The delivery status label of spec section 4 (derived on the server by deliveryStatus()). */
export function DeliveryStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('delivery');
  return <Tag color={COLORS[status as DeliveryStatus] ?? 'default'}>{t(`deliveryStatus.${status}`)}</Tag>;
}

export function AuditStateTag({ state }: { state: string }) {
  const { t } = useTranslation('delivery');
  const color = state === 'post' ? 'green' : state === 'reject' ? 'red' : state === 'pending' ? 'gold' : 'default';
  return <Tag color={color}>{t(`auditState.${state}`)}</Tag>;
}
