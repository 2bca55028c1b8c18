import { Drawer, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PriceChange, usePriceHistory } from '../api/prices';

const yuan = (v: number | null) => (v === null ? '-' : v.toFixed(2));

/** The price changes of one robot, newest first (who, when, before and after, through which group). */
export function PriceHistoryDrawer({ robotId, onClose }: { robotId: string | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const history = usePriceHistory(robotId ? { robotId, ...page } : null);
  return (
    <Drawer open={robotId !== null} onClose={onClose} size="large" title={t('prices.historyOf', { robotId })}>
      <Table<PriceChange>
        rowKey="id"
        size="small"
        loading={history.isLoading}
        dataSource={history.data?.datas ?? []}
        locale={{ emptyText: t('prices.noHistory') }}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: history.data?.total ?? 0,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        columns={[
          {
            title: t('prices.time'),
            dataIndex: 'time',
            render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          { title: t('prices.oldPrice'), dataIndex: 'oldPrice', render: yuan },
          { title: t('prices.newPrice'), dataIndex: 'newPrice', render: yuan },
          { title: t('prices.changedBy'), dataIndex: 'changedByName' },
          {
            title: t('prices.through'),
            dataIndex: 'groupId',
            render: (g: string) => (g ? t('prices.viaGroup') : t('prices.perRobot')),
          },
        ]}
      />
    </Drawer>
  );
}
