import { Alert, App, Button, Descriptions, Drawer, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { lang } from '../../../lib/i18n';
import { useCreditOrder, useOrder, useOrderDelivery, useSyncOrder } from '../api/orders';
import { formatFen } from '../money';
import { creditable, useConfirmCredit } from './credit-confirm';
import { OrderActions } from './order-actions';
import { OrderDelivery } from './order-delivery';
import { OrderLines } from './order-lines';
import { OrderProofOfPlay } from './order-proof-of-play';
import { OrderStateTag } from './tags';
import { dateText, timeText } from './use-paged';

/** An order: its amount line by line, proof of play with the shortfall and its credit, the history. */
export function OrderDetailDrawer({
  id,
  onClose,
  canManage,
  actions,
}: {
  id: string | null;
  onClose: () => void;
  canManage: boolean;
  /** The decisions offered where the order is read (the review page: approve and reject). */
  actions?: Parameters<typeof OrderActions>[0]['only'];
}) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const order = useOrder(id);
  const sync = useSyncOrder();
  const credit = useCreditOrder();
  const confirmCredit = useConfirmCredit();
  const delivery = useOrderDelivery(id);
  const language = lang();
  const o = order.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={o ? `${o.orderNo} ${o.name}` : t('detail')}
      extra={o && actions ? <OrderActions order={o} only={actions} /> : undefined}
    >
      {order.isError && <QueryError error={order.error} onRetry={() => order.refetch()} />}
      {o && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('fields.orderNo')}>{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.state')}>
              <OrderStateTag state={o.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.customer')}>{o.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.plan')}>{o.playlistName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.period')}>
              {dateText(o.begin)} ~ {dateText(o.end)} ({t('periodWeeks', { count: o.weeks })})
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              <strong>{formatFen(o.amountFen, language)}</strong>
              {o.overrideReason && (
                <div>
                  <Typography.Text type="secondary">
                    {t('orders.overridden', {
                      amount: formatFen(o.quotedAmountFen, language),
                      reason: o.overrideReason,
                    })}
                  </Typography.Text>
                </div>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.planDeviceCount')}>{o.planDeviceCount}</Descriptions.Item>
            <Descriptions.Item label={t('fields.actualDeviceCount')}>{o.actualDeviceCount}</Descriptions.Item>
            <Descriptions.Item label={t('fields.syncTime')}>
              {o.syncTime ? timeText(o.syncTime) : t('orders.notSynced')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.credit')}>{formatFen(o.creditFen, language)}</Descriptions.Item>
          </Descriptions>
          {canManage && (o.state === 'launched' || o.state === 'completed') && (
            <Button
              loading={sync.isPending}
              onClick={async () => {
                await sync.mutateAsync(o.id);
                message.success(t('orders.synced'));
              }}
            >
              {t('orders.sync')}
            </Button>
          )}
          {o.shortfall > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('orders.shortfallAlert', {
                missing: o.shortfall,
                planned: o.planDeviceCount,
                credit: formatFen(o.proposedCreditFen, language),
              })}
              action={
                canManage && creditable(o) && o.proposedCreditFen > 0 && delivery.data ? (
                  <Button
                    size="small"
                    loading={credit.isPending}
                    onClick={async () => {
                      const month = delivery.data?.creditBillMonth ?? '';
                      if (!(await confirmCredit(o, o.proposedCreditFen, month))) return;
                      try {
                        await credit.mutateAsync({ id: o.id });
                        message.success(
                          t('orders.creditGranted', { credit: formatFen(o.proposedCreditFen, language) }),
                        );
                      } catch (err) {
                        message.error((err as Error).message);
                      }
                    }}
                  >
                    {t('orders.grantCredit')}
                  </Button>
                ) : undefined
              }
            />
          )}
          <OrderDelivery order={o} canManage={canManage} />
          <OrderProofOfPlay id={o.id} />
          <OrderLines order={o} />
          <Typography.Title level={5}>{t('orders.history')}</Typography.Title>
          <Timeline
            items={o.history.map((h, i) => ({
              key: `${h.time}-${i}`,
              content: (
                <div>
                  <strong>{t(`orderAction.${h.action}`)}</strong> → {t(`orderState.${h.to}`)} · {h.actorName} ·{' '}
                  {timeText(h.time)}
                  {h.reason && <div>{h.reason}</div>}
                </div>
              ),
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}
