import { PlusOutlined } from '@ant-design/icons';
import type { OrderDto } from '@robot-ads/contracts/sales/orders.schemas';
import type { OrderState } from '@robot-ads/contracts/sales/sales.rules';
import { Alert, Button, Card, Drawer, Form, Input, Popconfirm, Space, Table, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { ProvinceSelect } from '../../../components/region-cascader';
import { lang } from '../../../lib/i18n';
import { regionText } from '../../../lib/regions';
import {
  type Branch,
  type BranchCustomer,
  type BranchListKind,
  type BranchListRows,
  type BranchRobot,
  startBranchExport,
  useBranchesPage,
  useBranchList,
  useDeleteBranch,
} from '../api/branches';
import { SALES_EXPORT_STATE } from '../api/common';
import { BranchFormDialog } from '../components/branch-form-dialog';
import { OrderStateTag } from '../components/tags';
import { timeText, useServerPage } from '../components/use-paged';
import { formatFen, yuanToFen } from '../money';

/** /LubanBranches: regional accounts (agents), their regions, robots, customers and orders. */
export default function BranchesPage() {
  const { t } = useTranslation('sales');
  const paged = useServerPage<{ name?: string; province?: string }>({});
  const list = useBranchesPage(paged.query);
  const remove = useDeleteBranch();
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [open, setOpen] = useState<Branch | null>(null);
  return (
    <Card
      title={t('branches.title')}
      extra={
        <Space>
          <ExportButton
            start={() => startBranchExport(paged.filter)}
            statePath={SALES_EXPORT_STATE}
            disabled={!list.data?.total}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('branches.create')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('branches.linkedRule')} style={{ marginBottom: 16 }} />
      <Form layout="inline" onFinish={paged.setFilter} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="name">
          <Input allowClear placeholder={t('fields.name')} aria-label={t('fields.name')} />
        </Form.Item>
        <Form.Item name="province" style={{ width: 170 }}>
          <ProvinceSelect placeholder={t('fields.province')} aria-label={t('fields.province')} />
        </Form.Item>
        <Button htmlType="submit">{t('search')}</Button>
      </Form>
      <Table<Branch>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Branch>(
          [
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.account'), dataIndex: 'accountName', size: 'text' },
            {
              title: t('fields.regions'),
              key: 'regions',
              size: 'text',
              render: (_: unknown, b) => b.regions.map((r) => regionText(r)).join('; '),
            },
            { title: t('fields.robotCount'), dataIndex: 'robotCount', size: 'number' },
            { title: t('fields.customerCount'), dataIndex: 'customerCount', size: 'number' },
            { title: t('fields.orderCount'), dataIndex: 'orderCount', size: 'number' },
            { title: t('fields.createtime'), dataIndex: 'createtime', size: 'time', render: timeText, minScreen: 1440 },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 220,
              render: (_: unknown, b) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setOpen(b)}>
                    {t('detail')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(b)}>
                    {t('edit')}
                  </Button>
                  <Popconfirm title={t('deleteConfirm', { name: b.name })} onConfirm={() => remove.mutateAsync(b.id)}>
                    <Button size="small" danger>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('branches.emptyHint') } },
        )}
      />
      <BranchFormDialog branch={editing} onClose={() => setEditing(null)} />
      <Drawer open={open !== null} onClose={() => setOpen(null)} size="large" title={open?.name}>
        {open && (
          <Tabs
            items={[
              { key: 'robots', label: t('branches.robots'), children: <BranchRobots id={open.id} /> },
              { key: 'customers', label: t('branches.customers'), children: <BranchCustomers id={open.id} /> },
              { key: 'orders', label: t('branches.orders'), children: <BranchOrders id={open.id} /> },
            ]}
          />
        )}
      </Drawer>
    </Card>
  );
}

/** One of a branch's lists (robots, customers, orders), paged on the server. */
function BranchList<K extends BranchListKind>({
  id,
  kind,
  rowKey,
  columns,
}: {
  id: string;
  kind: K;
  rowKey: string;
  columns: TableColumnsType<BranchListRows[K]>;
}) {
  const { query, pagination } = useServerPage({});
  const list = useBranchList(kind, id, query);
  return (
    <Table<BranchListRows[K]>
      rowKey={rowKey}
      size="small"
      dataSource={list.data?.datas ?? []}
      loading={list.isLoading}
      pagination={pagination(list.data?.total)}
      columns={columns}
    />
  );
}

function BranchRobots({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const columns: TableColumnsType<BranchRobot> = [
    { title: t('fields.robotId'), dataIndex: 'robotId' },
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.region'), key: 'r', render: (_: unknown, r) => regionText(r) },
    { title: t('fields.salesType'), dataIndex: 'salesType', render: (s: string) => t(`salesTypes.${s}`) },
    {
      title: t('fields.price'),
      dataIndex: 'price',
      render: (p: number | null) => (p === null ? t('prices.noPrice') : formatFen(yuanToFen(p), lang())),
    },
  ];
  return <BranchList id={id} kind="robots" rowKey="robotId" columns={columns} />;
}

function BranchCustomers({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const columns: TableColumnsType<BranchCustomer> = [
    { title: t('fields.customerName'), dataIndex: 'name' },
    { title: t('fields.region'), key: 'r', render: (_: unknown, c) => regionText(c) },
  ];
  return <BranchList id={id} kind="customers" rowKey="id" columns={columns} />;
}

function BranchOrders({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const columns: TableColumnsType<OrderDto> = [
    { title: t('fields.orderNo'), dataIndex: 'orderNo' },
    { title: t('fields.orderName'), dataIndex: 'name' },
    { title: t('fields.customer'), dataIndex: 'customerName' },
    { title: t('fields.amount'), dataIndex: 'amountFen', render: (f: number) => formatFen(f, lang()) },
    { title: t('fields.state'), dataIndex: 'state', render: (s: OrderState) => <OrderStateTag state={s} /> },
  ];
  return <BranchList id={id} kind="orders" rowKey="id" columns={columns} />;
}
