import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { BillLineDto } from '@robot-ads/contracts/sales/bills.schemas';
import { Button, Card, DatePicker, Descriptions, Drawer, Result, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { QueryError } from '../../../components/query-error';
import { lang } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { type BillSummary, startBillExport, statementFileUrl, useBillsPage, useStatement } from '../api/bills';
import { SALES_EXPORT_STATE } from '../api/common';
import { timeText, useServerPage } from '../components/use-paged';
import { formatFen } from '../money';
import { billsVisible } from '../sales-rules';

type StatementKey = { customerId: string; month: string; customerName: string };

/** /bill/index and /bill: the month's statement per customer (orders, payments, credits, balance), PDF and xlsx. */
export default function BillsPage() {
  const { t } = useTranslation('sales');
  const visible = sessionStore.use((s) => billsVisible(s.user));
  if (!visible) return <Result status="403" title={t('bills.notVisible')} />;
  return <BillsList />;
}

function BillsList() {
  const { t } = useTranslation('sales');
  const paged = useServerPage<{ month: string }>({ month: dayjs().format('YYYY-MM') });
  const list = useBillsPage(paged.query);
  const [open, setOpen] = useState<StatementKey | null>(null);
  const language = lang();
  const money = (f: number) => formatFen(f, language);
  return (
    <Card title={t('bills.title')}>
      <Space style={{ marginBottom: 16 }}>
        <DatePicker
          picker="month"
          allowClear={false}
          aria-label={t('fields.month')}
          value={dayjs(`${paged.filter.month}-01`)}
          onChange={(d) => d && paged.setFilter({ month: d.format('YYYY-MM') })}
        />
        <ExportButton
          start={() => startBillExport(paged.filter)}
          statePath={SALES_EXPORT_STATE}
          disabled={!list.data?.total}
        />
      </Space>
      <Table<BillSummary>
        rowKey="customerId"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<BillSummary>(
          [
            { title: t('fields.customer'), dataIndex: 'customerName', size: 'name' },
            { title: t('fields.month'), dataIndex: 'month', size: 'tag' },
            {
              title: t('fields.openingBalance'),
              dataIndex: 'openingBalanceFen',
              size: 'number',
              width: 120,
              render: money,
            },
            { title: t('fields.charges'), dataIndex: 'chargesFen', size: 'number', width: 120, render: money },
            { title: t('fields.payments'), dataIndex: 'paymentsFen', size: 'number', width: 120, render: money },
            {
              title: t('fields.credits'),
              dataIndex: 'creditsFen',
              size: 'number',
              width: 120,
              render: money,
              minScreen: 1440,
            },
            { title: t('fields.balance'), dataIndex: 'balanceFen', size: 'number', width: 120, render: money },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 130,
              render: (_: unknown, b) => (
                <Button
                  size="small"
                  onClick={() => setOpen({ customerId: b.customerId, month: b.month, customerName: b.customerName })}
                >
                  {t('bills.open')}
                </Button>
              ),
            },
          ],
          { query: list, empty: { filtered: false, hint: t('bills.emptyHint') } },
        )}
      />
      <StatementDrawer statement={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function StatementDrawer({ statement, onClose }: { statement: StatementKey | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const key = statement ? { customerId: statement.customerId, month: statement.month } : null;
  const bill = useStatement(key);
  const language = lang();
  const money = (f: number) => formatFen(f, language);
  const b = bill.data;
  return (
    <Drawer
      open={statement !== null}
      onClose={onClose}
      size="large"
      title={statement ? t('bills.statement', { customer: statement.customerName, month: statement.month }) : ''}
      extra={
        key && (
          <Space>
            <Button icon={<FilePdfOutlined />} href={statementFileUrl('pdf', key, language)} download>
              {t('bills.pdf')}
            </Button>
            <Button icon={<FileExcelOutlined />} href={statementFileUrl('xlsx', key, language)} download>
              {t('bills.xlsx')}
            </Button>
          </Space>
        )
      }
    >
      {bill.isError && <QueryError error={bill.error} onRetry={() => bill.refetch()} />}
      {b && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('fields.openingBalance')}>{money(b.openingBalanceFen)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.charges')}>{money(b.chargesFen)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.payments')}>{money(b.paymentsFen)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.credits')}>{money(b.creditsFen)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.balance')} span={2}>
              <strong data-testid="bill-balance">{money(b.balanceFen)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <Table<BillLineDto>
            rowKey={(l) => `${l.kind}-${l.orderId}-${l.time}`}
            size="small"
            pagination={false}
            dataSource={b.lines}
            locale={{ emptyText: t('bills.noLines') }}
            columns={[
              { title: t('fields.time'), dataIndex: 'time', render: timeText },
              { title: t('fields.kind'), dataIndex: 'kind', render: (k: string) => t(`lineKind.${k}`) },
              { title: t('fields.orderNo'), dataIndex: 'orderNo' },
              { title: t('fields.description'), dataIndex: 'description' },
              { title: t('fields.amount'), dataIndex: 'amountFen', render: money },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
