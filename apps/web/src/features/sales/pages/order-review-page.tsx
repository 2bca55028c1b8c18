import type { OrderState } from '@robot-ads/contracts/sales/sales.rules';
import { Button, Card, Input, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { lang } from '../../../lib/i18n';
import { type Order, useOrdersPage } from '../api/orders';
import { OrderActions } from '../components/order-actions';
import { orderColumns, stateColumn } from '../components/order-columns';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { timeText, useServerPage } from '../components/use-paged';

const REVIEW_ACTIONS = ['approve', 'reject'] as const;
const TABS: OrderState[] = ['reviewing', 'pendingPayment', 'rejected'];
/** The screen width from which a shared order column shows on this page. */
const NARROW_SCREEN_FROM: Record<string, number> = { customerName: 1440, playlistName: 1600 };

/** /order/auditForm/index: orders waiting for review (approve, or reject with a reason), and the decided ones. */
export default function OrderReviewPage() {
  const { t } = useTranslation('sales');
  const paged = useServerPage<{ state: OrderState; keyword?: string }>({ state: 'reviewing' });
  const list = useOrdersPage(paged.query);
  const [openId, setOpenId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const language = lang();
  return (
    <Card title={t('review.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<OrderState>
          value={paged.filter.state}
          onChange={(state) => paged.setFilter({ ...paged.filter, state })}
          options={TABS.map((s) => ({ value: s, label: t(`orderState.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('fields.keyword')}
          aria-label={t('fields.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => paged.setFilter({ ...paged.filter, keyword: v })}
        />
      </Space>
      <Table<Order>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Order>(
          [
            // The whole ID (17 characters) is never cut (issue 38), as in the order list.
            { title: t('fields.orderNo'), dataIndex: 'orderNo', size: 'code', width: 210 },
            // The customer and plan give way on a narrow screen: the reviewer finds the order by its ID and name and
            // needs the figures.
            ...orderColumns(t, language).map((c) => {
              const from = 'dataIndex' in c ? NARROW_SCREEN_FROM[String(c.dataIndex)] : undefined;
              return from ? { ...c, minScreen: from } : c;
            }),
            stateColumn(t),
            // Both reasons are cut to a line here (the whole text on hover and in the detail): at 1920 px every column
            // fits. The reason for the amount gives way below 1440 px (it lay under the fixed actions at 1280 px in en);
            // the detail shows it.
            { title: t('fields.overrideReason'), dataIndex: 'overrideReason', size: 'text', minScreen: 1440 },
            { title: t('fields.createdBy'), dataIndex: 'createdByName', size: 'text', minScreen: 2560 },
            {
              title: t('fields.createtime'),
              dataIndex: 'createtime',
              size: 'time',
              render: timeText,
              minScreen: 2560,
            },
            { title: t('fields.reason'), dataIndex: 'reviewReason', size: 'text', minScreen: 1600 },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 220,
              render: (_: unknown, o) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setOpenId(o.id)}>
                    {t('detail')}
                  </Button>
                  <OrderActions order={o} only={REVIEW_ACTIONS} />
                </Space>
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('review.emptyHint') } },
        )}
      />
      <OrderDetailDrawer id={openId} onClose={() => setOpenId(null)} canManage actions={REVIEW_ACTIONS} />
    </Card>
  );
}
