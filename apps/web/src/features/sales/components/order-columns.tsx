import type { Language } from '@robot-ads/contracts/common/language';
import type { OrderState } from '@robot-ads/contracts/sales/sales.rules';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../../components/list-table';
import type { Order } from '../api/orders';
import { formatFen } from '../money';
import { OrderStateTag } from './tags';

/** The columns every order list shows: what was booked, for whom, for how much. */
export function orderColumns(t: TFunction, language: Language): ListColumn<Order>[] {
  return [
    { title: t('fields.orderName'), dataIndex: 'name', size: 'name' },
    // The customer and the plan shown whole, wrapping (the en list cut both at 1440 px, issue 38).
    { title: t('fields.customer'), dataIndex: 'customerName', size: 'name', wrap: true },
    { title: t('fields.plan'), dataIndex: 'playlistName', size: 'text', width: 200, minScreen: 1440, wrap: true },
    {
      title: t('fields.amount'),
      dataIndex: 'amountFen',
      size: 'number',
      width: 120,
      render: (f: number) => formatFen(f, language),
    },
    { title: t('fields.planDeviceCount'), dataIndex: 'planDeviceCount', size: 'number', width: 130, minScreen: 2560 },
  ];
}

/** The order's state as a tag. */
export function stateColumn(t: TFunction): ListColumn<Order> {
  return {
    title: t('fields.state'),
    dataIndex: 'state',
    size: 'tag',
    width: 130,
    render: (s: OrderState) => <OrderStateTag state={s} />,
  };
}
