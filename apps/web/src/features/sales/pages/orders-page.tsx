import { PlusOutlined } from '@ant-design/icons';
import { ORDER_STATES, type OrderState } from '@robot-ads/contracts/sales/sales.rules';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { lang } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { SALES_EXPORT_STATE } from '../api/common';
import { type Order, startOrderExport, useOrdersPage } from '../api/orders';
import { OrderActions } from '../components/order-actions';
import { orderColumns, stateColumn } from '../components/order-columns';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { OrderFormDialog } from '../components/order-form-dialog';
import { timeText, useServerPage } from '../components/use-paged';

const LIST_ACTIONS = ['resubmit', 'pay', 'launch', 'complete', 'cancel'] as const;
const ADVERTISER_ROLES = new Set(['advertisers', 'advertisers_special']);

interface OrderFilterForm {
  keyword?: string;
  state?: OrderState;
  created?: [Dayjs, Dayjs] | null;
}

/**
 * /orderList/index and /adordermanage: orders in the caller's scope, paged and filtered on the server.
 * Salespeople create orders from a plan and move them along the machine; advertisers read theirs.
 */
export default function OrdersPage() {
  const { t } = useTranslation('sales');
  const role = sessionStore.use((s) => s.user?.role ?? '');
  const canManage = !ADVERTISER_ROLES.has(role);
  const paged = useServerPage<{ keyword?: string; state?: OrderState; from?: number; to?: number }>({});
  const list = useOrdersPage(paged.query);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const language = lang();
  const apply = (v: OrderFilterForm) =>
    paged.setFilter({
      keyword: v.keyword,
      state: v.state,
      from: v.created?.[0]?.startOf('day').unix(),
      to: v.created?.[1]?.endOf('day').unix(),
    });

  return (
    <Card
      title={t('orders.title')}
      extra={
        <Space>
          <ExportButton
            start={() => startOrderExport(paged.filter)}
            statePath={SALES_EXPORT_STATE}
            disabled={!list.data?.total}
          />
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('orders.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Form<OrderFilterForm> layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('fields.keyword')} aria-label={t('fields.keyword')} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('fields.state')}
            aria-label={t('fields.state')}
            options={ORDER_STATES.map((s) => ({ value: s, label: t(`orderState.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="created">
          <DatePicker.RangePicker aria-label={t('fields.createtime')} />
        </Form.Item>
        <Button htmlType="submit">{t('search')}</Button>
      </Form>
      <Table<Order>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Order>(
          [
            {
              title: t('fields.orderNo'),
              dataIndex: 'orderNo',
              size: 'code',
              // The whole ID (O + day + count + 4 characters, 17 in all) in the link: never cut (issue 38).
              width: 210,
              render: (v: string, o) => (
                <Button type="link" size="small" onClick={() => setOpenId(o.id)}>
                  {v}
                </Button>
              ),
            },
            ...orderColumns(t, language),
            {
              title: t('fields.actualDeviceCount'),
              dataIndex: 'actualDeviceCount',
              size: 'number',
              width: 130,
              minScreen: 1600,
            },
            { title: t('fields.syncTime'), dataIndex: 'syncTime', size: 'time', render: timeText, minScreen: 2560 },
            stateColumn(t),
            {
              title: t('fields.createtime'),
              dataIndex: 'createtime',
              size: 'time',
              render: timeText,
              minScreen: 1920,
            },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              // Its buttons wrap: the whole order ID and the key columns fit 1280 px beside it.
              width: 200,
              render: (_: unknown, o) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setOpenId(o.id)}>
                    {t('detail')}
                  </Button>
                  {canManage && <OrderActions order={o} only={LIST_ACTIONS} />}
                </Space>
              ),
            },
          ],
          {
            query: list,
            empty: { filtered: paged.filtered, hint: t(canManage ? 'orders.emptyHint' : 'orders.emptyAdvertiser') },
          },
        )}
      />
      <OrderFormDialog open={creating} onClose={() => setCreating(false)} />
      <OrderDetailDrawer id={openId} onClose={() => setOpenId(null)} canManage={canManage} />
    </Card>
  );
}
