import type { OrderDetailDto } from '@robot-ads/contracts/sales/orders.schemas';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { formatFen, yuanToFen } from '../money';

/**
 * The order's amount line by line (docs/sales.md, "Amount"): each device's unit price per week x weeks x the
 * materials factor (1 + extra materials) = its amount; the lines add up to the order's total, with the
 * changed amount as its own line when the amount was overridden.
 */
export function OrderLines({ order }: { order: OrderDetailDto }) {
  const { t } = useTranslation('sales');
  const language = lang();
  const linesFen = order.lines.reduce((n, l) => n + l.amountFen, 0);
  const adjustment = order.amountFen - linesFen;
  return (
    <div data-testid="order-lines">
      <Typography.Title level={5}>{t('orders.lines')}</Typography.Title>
      <Table
        rowKey="robotId"
        size="small"
        pagination={false}
        dataSource={order.lines}
        columns={[
          { title: t('fields.robot'), key: 'r', render: (_: unknown, l) => `${l.robotName} (${l.robotId})` },
          { title: t('fields.salesType'), dataIndex: 'salesType', render: (s: string) => t(`salesTypes.${s}`) },
          {
            title: t('orderLines.unitPrice'),
            dataIndex: 'price',
            render: (p: number) => formatFen(yuanToFen(p), language),
          },
          { title: t('orderLines.weeks'), key: 'w', render: () => order.weeks },
          { title: t('fields.freeMaterials'), dataIndex: 'freeMaterials' },
          { title: t('fields.extraMaterials'), dataIndex: 'extraMaterials' },
          { title: t('orderLines.factor'), key: 'f', render: (_: unknown, l) => `×${1 + l.extraMaterials}` },
          { title: t('fields.amount'), dataIndex: 'amountFen', render: (f: number) => formatFen(f, language) },
        ]}
        summary={() => (
          <>
            {adjustment !== 0 && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={7}>
                  {t('orderLines.adjustment')}
                  {order.overrideReason ? `: ${order.overrideReason}` : ''}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7}>{formatFen(adjustment, language)}</Table.Summary.Cell>
              </Table.Summary.Row>
            )}
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={7}>
                <strong>{t('orderLines.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7}>
                <strong data-testid="order-lines-total">{formatFen(linesFen + adjustment, language)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </>
        )}
      />
    </div>
  );
}
