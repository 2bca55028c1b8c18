import { PUBLISH_STATES } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { Alert, Card, Input, Progress, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { MissingParam } from '../../../components/missing-param';
import { QueryError } from '../../../components/query-error';
import { PublishStateTag } from '../../../components/status-tag';
import { lang } from '../../../lib/i18n';
import { regionText } from '../../../lib/regions';
import { percentOf } from '../../../lib/statistics/format';
import { type DetailFilter, type DetailRow, startDetailExport, usePublishDetails, useSummary } from '../api/publishing';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');

/** /ad/publishDetail?detailId=: a plan's delivery per device (state, pubTime, pullTime), export with progress. */
export default function PublishDetailPage() {
  const { t } = useTranslation('delivery');
  const [params] = useSearchParams();
  const playListId = params.get('detailId') ?? params.get('playListId') ?? params.get('id') ?? '';
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [filter, setFilter] = useState<Partial<Pick<DetailFilter, 'state' | 'robotId'>>>({});
  const [robotId, setRobotId] = useState('');
  const summary = useSummary(playListId);
  const details = usePublishDetails({ playListId, ...page, ...filter });
  if (!playListId)
    return <MissingParam what={t('missing.plan')} listPath="/ad/List" listLabel={t('missing.planList')} />;
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {s && (
        <Card>
          <Space size="large" wrap>
            <Statistic title={t('fields.planPullNumber')} value={s.planPullNumber} />
            <Statistic title={t('fields.alreadyPullNumber')} value={s.alreadyPullNumber} />
            <Statistic title={t('publishState.failed')} value={s.failed} />
            <Statistic title={t('publishState.cancelled')} value={s.cancelled} />
            <Progress
              type="circle"
              size={64}
              percent={percentOf(s.ratio)}
              status={s.lowPullRate ? 'exception' : 'normal'}
              aria-label={t('fields.ratio')}
            />
          </Space>
          {s.lowPullRate && (
            <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t('plans.lowPullRate')} />
          )}
        </Card>
      )}
      <Card
        title={t('publish.title')}
        extra={
          <ExportButton
            statePath="/api/Publishes/queryExportState"
            disabled={!details.data?.total}
            start={() => startDetailExport({ playListId, state: filter.state, language: lang() })}
          />
        }
      >
        <Space style={{ marginBottom: 16 }} wrap>
          <Input
            allowClear
            placeholder={t('fields.robotId')}
            aria-label={t('fields.robotId')}
            value={robotId}
            onChange={(e) => setRobotId(e.target.value)}
            onPressEnter={() => setFilter((f) => ({ ...f, robotId: robotId.trim() || undefined }))}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('fields.publishState')}
            aria-label={t('fields.publishState')}
            onChange={(state) => {
              setFilter((f) => ({ ...f, state }));
              setPage((p) => ({ ...p, start: 0 }));
            }}
            options={PUBLISH_STATES.map((v) => ({ value: v, label: t(`publishState.${v}`) }))}
          />
        </Space>
        <Table<DetailRow>
          rowKey="id"
          dataSource={details.data?.datas ?? []}
          pagination={{
            current: page.start / page.limit + 1,
            pageSize: page.limit,
            total: details.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
          }}
          {...listTable<DetailRow>(
            [
              { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code', fixed: 'left' },
              { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
              { title: t('fields.property'), dataIndex: 'propertyname', size: 'name' },
              {
                title: t('fields.projecttype'),
                dataIndex: 'projecttype',
                size: 'tag',
                render: (v: string | null) => (v ? t(`projecttype.${v}`) : '-'),
              },
              {
                title: t('fields.region'),
                key: 'region',
                size: 'text',
                render: (_: unknown, r) => regionText(r),
              },
              {
                title: t('fields.publishState'),
                dataIndex: 'state',
                size: 'tag',
                render: (v: string, r) => (
                  <PublishStateTag state={v} failMsg={r.failMsg} cancelReason={r.cancelReason} />
                ),
              },
              {
                title: t('fields.pullState'),
                dataIndex: 'pullState',
                size: 'tag',
                render: (v: string) => t(`pullState.${v}`),
              },
              { title: t('fields.pubTime'), dataIndex: 'pubTime', size: 'time', render: fmt },
              { title: t('fields.pullTime'), dataIndex: 'pullTime', size: 'time', render: fmt },
              { title: t('fields.remainingSlots'), dataIndex: 'resourceNumber', size: 'number', width: 110 },
              {
                title: t('fields.charged'),
                dataIndex: 'charged',
                size: 'tag',
                width: 90,
                render: (v: boolean) => (v ? <Tag color="orange">{t('common.yes')}</Tag> : t('common.no')),
              },
            ],
            {
              query: details,
              empty: {
                filtered: Boolean(filter.state || filter.robotId),
                hint: t('empty.publishDetail.hint'),
                who: t('empty.publishDetail.who'),
              },
            },
          )}
        />
      </Card>
    </Space>
  );
}
