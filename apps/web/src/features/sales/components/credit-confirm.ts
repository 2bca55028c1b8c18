import type { OrderDetailDto } from '@robot-ads/contracts/sales/orders.schemas';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { formatFen } from '../money';

/** The states of an approved (charged) order: a credit only ever reduces a charge (docs/sales.md, "Credits"). */
const CHARGED: readonly OrderDetailDto['state'][] = ['pendingPayment', 'paid', 'launched', 'completed'];

/** Whether the order can be credited now: approved and its period has begun (the server checks the same). */
export function creditable(order: Pick<OrderDetailDto, 'state' | 'begin' | 'creditFen'>): boolean {
  return order.creditFen === 0 && CHARGED.includes(order.state) && order.begin * 1000 <= Date.now();
}

/**
 * Asks before a credit is granted: the amount, and the bill it lands on (the customer's statement of the
 * month, on the order's own line). Resolves true when the operator confirms.
 */
export function useConfirmCredit() {
  const { t } = useTranslation('sales');
  const { modal } = App.useApp();
  return (order: Pick<OrderDetailDto, 'orderNo' | 'customerName'>, amountFen: number, month: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('creditConfirm.title'),
        content: t('creditConfirm.body', {
          amount: formatFen(amountFen, lang()),
          customer: order.customerName,
          month,
          orderNo: order.orderNo,
        }),
        okText: t('creditConfirm.ok'),
        cancelText: t('creditConfirm.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
