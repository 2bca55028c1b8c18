import type { OrderDetailDto } from '@robot-ads/contracts/sales/orders.schemas';
import { App, Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { lang } from '../../../lib/i18n';
import { useCreditOrder, useOrderDelivery } from '../api/orders';
import { fenToYuanNumber, formatFen } from '../money';
import { creditable, useConfirmCredit } from './credit-confirm';

/**
 * Delivery against what was sold, in screen-days (verified plays only): the advertiser sees the same
 * figures; an operator accepts the suggested credit into the customer's bill, the reason kept, after a
 * confirmation that shows the amount and the bill it lands on. Only an approved order that has begun can be
 * credited (the server refuses the others).
 */
export function OrderDelivery({ order, canManage }: { order: OrderDetailDto; canManage: boolean }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const id = order.id;
  const delivery = useOrderDelivery(id);
  const confirmCredit = useConfirmCredit();
  const credit = useCreditOrder();
  const language = lang();
  if (delivery.isError) return <QueryError error={delivery.error} onRetry={() => delivery.refetch()} />;
  const d = delivery.data;
  if (!d) return null;
  const reason = t('delivery.reason', { missing: d.shortfallScreenDays, contracted: d.contractedScreenDays });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="order-delivery">
      <Typography.Title level={5}>{t('delivery.title')}</Typography.Title>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('delivery.contracted')}>{d.contractedScreenDays}</Descriptions.Item>
        <Descriptions.Item label={t('delivery.due')}>{d.dueScreenDays}</Descriptions.Item>
        <Descriptions.Item label={t('delivery.delivered')}>{d.deliveredScreenDays}</Descriptions.Item>
        <Descriptions.Item label={t('delivery.shortfall')}>{d.shortfallScreenDays}</Descriptions.Item>
        <Descriptions.Item label={t('delivery.suggestedCredit')}>
          {formatFen(d.suggestedCreditFen, language)}
        </Descriptions.Item>
      </Descriptions>
      {canManage && creditable(order) && d.suggestedCreditFen > 0 && (
        <Button
          loading={credit.isPending}
          onClick={async () => {
            if (!(await confirmCredit(order, d.suggestedCreditFen, d.creditBillMonth))) return;
            try {
              // Exactly the suggestion shown (the server may propose more for missing devices: that is the
              // order's own credit action); the message says what the answer granted.
              const granted = await credit.mutateAsync({ id, amount: fenToYuanNumber(d.suggestedCreditFen), reason });
              message.success(t('orders.creditGranted', { credit: formatFen(granted.creditFen, language) }));
            } catch (err) {
              message.error((err as Error).message);
            }
          }}
        >
          {t('delivery.accept')}
        </Button>
      )}
    </Space>
  );
}
