import type { FlagReason } from '@robot-ads/contracts/play-events/play-events.rules';
import type { ProofOfPlayReport, ProofOfPlayRow } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../query-error';

/**
 * A proof-of-play report (the plan's Statistics tab, the order drawer): the verified share (audited %), the
 * delivered percentage (verified against scheduled plays), verified and flagged plays, the flagged ones by
 * reason, scheduled against verified plays per robot and day, and the exports (`exportHref`: xlsx, the PDF certificate in the interface's language).
 */
export function ProofOfPlayCard({
  report,
  exportHref,
  title,
}: {
  report: UseQueryResult<ProofOfPlayReport>;
  exportHref: (format: 'xlsx' | 'pdf') => string;
  title?: string;
}) {
  const { t } = useTranslation(['statistics', 'play-flags']);
  if (report.isError) return <QueryError error={report.error} onRetry={() => report.refetch()} />;
  const data = report.data;
  const reasonTags = (reasons: Partial<Record<FlagReason, number>>) =>
    Object.entries(reasons).map(([k, n]) => <Tag color="orange" key={k}>{`${t(`play-flags:${k}`)} ${n}`}</Tag>);
  return (
    <Card
      title={title ?? t('proof.title')}
      loading={!data}
      data-testid="proof-of-play"
      extra={
        <Space>
          <Button href={exportHref('xlsx')}>{t('proof.xlsx')}</Button>
          <Button type="primary" href={exportHref('pdf')}>
            {t('proof.pdf')}
          </Button>
        </Space>
      }
    >
      {data && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Row gutter={16}>
            <Col xs={12} md={6} lg={3}>
              <Statistic
                title={t('proof.share')}
                value={data.total.verifiedShare ?? '—'}
                suffix={data.total.verifiedShare === null ? undefined : '%'}
              />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic
                title={t('proof.deliveredPercent')}
                value={data.total.deliveredPercent ?? '—'}
                suffix={data.total.deliveredPercent === null ? undefined : '%'}
              />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title={t('proof.scheduledPlays')} value={data.total.scheduledPlays} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title={t('proof.verified')} value={data.total.verified} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title={t('proof.flagged')} value={data.total.flagged} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title={t('proof.scheduledDays')} value={data.total.scheduledDays} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title={t('proof.deliveredDays')} value={data.total.deliveredDays} />
            </Col>
          </Row>
          <div data-testid="proof-reasons">
            {data.total.flagged > 0 ? (
              reasonTags(data.total.reasons)
            ) : (
              <Typography.Text type="secondary">{t('proof.none')}</Typography.Text>
            )}
          </div>
          <Table<ProofOfPlayRow>
            size="small"
            rowKey={(r) => `${r.robotId}|${r.day}`}
            dataSource={data.rows}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('proof.robot'), dataIndex: 'robotId' },
              { title: t('proof.robotName'), dataIndex: 'robotName' },
              { title: t('proof.day'), dataIndex: 'day' },
              { title: t('proof.scheduledMinutes'), dataIndex: 'scheduledMinutes', align: 'right' },
              { title: t('proof.scheduledPlays'), dataIndex: 'scheduledPlays', align: 'right' },
              { title: t('proof.verified'), dataIndex: 'verified', align: 'right' },
              { title: t('proof.flagged'), dataIndex: 'flagged', align: 'right' },
              {
                title: t('proof.deliveredPercent'),
                dataIndex: 'deliveredPercent',
                align: 'right',
                render: (p: number | null) => (p === null ? '—' : `${p.toFixed(2)} %`),
              },
              { title: t('proof.reasons'), key: 'reasons', render: (_, r) => reasonTags(r.reasons) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
