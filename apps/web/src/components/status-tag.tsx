import type { DeliveryStatus, PublishState } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { Space, Tag } from 'antd';
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

const PUBLISH_STATE_COLORS: Record<PublishState, string> = {
  notIssued: 'gold',
  issued: 'blue',
  pulled: 'green',
  failed: 'red',
  cancelled: 'default',
};

/**
 * A device's publish state (spec section 4: not issued, issued, pulled, failed; cancelled), with the
 * section 8 reason of a failed record and the reason of a cancelled one beneath it.
 */
export function PublishStateTag({
  state,
  failMsg,
  cancelReason,
}: {
  state: string;
  failMsg?: string | null;
  cancelReason?: string | null;
}) {
  const { t } = useTranslation('delivery');
  return (
    <Space direction="vertical" size={0}>
      <Tag color={PUBLISH_STATE_COLORS[state as PublishState] ?? 'default'}>{t(`publishState.${state}`)}</Tag>
      {failMsg && <span style={{ color: '#cf1322' }}>{failMsg}</span>}
      {cancelReason && <span>{cancelReason}</span>}
    </Space>
  );
}
