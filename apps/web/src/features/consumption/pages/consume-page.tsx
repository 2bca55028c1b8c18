import { Card, Empty, Select, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { lang } from '../../../lib/i18n';
import { type ConsumeRow, startConsumeExport, useConsume, useConsumePlanOptions } from '../api/consumption';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');
/** watchDuration comes in ms and is shown in seconds (spec section 3). */
const seconds = (ms: number) => (ms / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 });

/** /playlistConsume: a plan's plays per device (proof of play from the robots), with an export. */
export default function ConsumePage() {
  const { t } = useTranslation('delivery');
  const [params] = useSearchParams();
  const [playListId, setPlayListId] = useState<string | undefined>(params.get('playListId') ?? undefined);
  const [search, setSearch] = useState('');
  const plans = useConsumePlanOptions(search);
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const consume = useConsume({ playListId: playListId ?? '', ...page });
  const total = consume.data?.total ?? 0;

  return (
    <Card
      title={t('consume.title')}
      extra={
        <ExportButton
          statePath="/api/Publishes/consumeExportAndProgress"
          disabled={!playListId || !total}
          start={() => startConsumeExport({ playListId: playListId ?? '', language: lang() })}
        />
      }
    >
      <Space style={{ marginBottom: 16 }} size="large" wrap>
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          style={{ width: 320 }}
          placeholder={t('consume.pickPlan')}
          aria-label={t('consume.pickPlan')}
          value={playListId}
          onChange={(v) => {
            setPlayListId(v);
            setPage((p) => ({ ...p, start: 0 }));
          }}
          options={(plans.data?.datas ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        {playListId && <Statistic title={t('consume.devices')} value={total} />}
      </Space>
      {playListId ? (
        <Table<ConsumeRow>
          rowKey="robotId"
          dataSource={consume.data?.datas ?? []}
          pagination={{
            current: page.start / page.limit + 1,
            pageSize: page.limit,
            total,
            showSizeChanger: true,
            onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
          }}
          {...listTable<ConsumeRow>(
            [
              { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
              { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
              { title: t('fields.property'), dataIndex: 'propertyname', size: 'name', render: (v: string) => v || '-' },
              { title: t('consume.plays'), dataIndex: 'plays', size: 'number' },
              { title: t('consume.scans'), dataIndex: 'scans', size: 'number' },
              { title: t('consume.watchDuration'), dataIndex: 'watchDuration', size: 'number', render: seconds },
              { title: t('consume.lastPlayTime'), dataIndex: 'lastPlayTime', size: 'time', render: fmt },
            ],
            { query: consume, empty: { hint: t('empty.consume.hint'), who: t('empty.consume.who') } },
          )}
        />
      ) : (
        <Empty description={t('consume.pickPlanHint')} />
      )}
    </Card>
  );
}
