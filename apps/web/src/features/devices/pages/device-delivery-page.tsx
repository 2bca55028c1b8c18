import { Card, Empty, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeliveryInfo, useDeliveryInfo, useRobots } from '../api/devices';
import { DeviceFilters, type Filters } from '../components/device-filters';
import { RobotTable } from '../components/robot-table';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');
const STATE_COLOUR: Record<string, string> = { notIssued: 'default', issued: 'blue', pulled: 'green' };

/** /device/index: devices in scope; for the chosen one, the plans delivered to it and their state. */
export default function DeviceDeliveryPage() {
  const { t } = useTranslation('devices');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [robotId, setRobotId] = useState<string | null>(null);
  const robots = useRobots({ ...page, ...filters });
  const plans = useDeliveryInfo(robotId);
  return (
    <>
      <Card title={t('delivery.title')} style={{ marginBottom: 16 }}>
        <DeviceFilters
          onSearch={(f) => {
            setFilters(f);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        />
        <RobotTable
          data={robots.data?.datas ?? []}
          total={robots.data?.total ?? 0}
          loading={robots.isLoading}
          page={page}
          onPage={setPage}
          onOpen={setRobotId}
        />
      </Card>
      <Card title={robotId ? t('delivery.plans', { robotId }) : t('delivery.pick')}>
        {!robotId ? (
          <Empty description={t('delivery.pick')} />
        ) : (
          <Table<DeliveryInfo>
            rowKey="playlistId"
            loading={plans.isLoading}
            dataSource={plans.data ?? []}
            locale={{ emptyText: t('delivery.none') }}
            pagination={false}
            columns={[
              { title: t('delivery.plan'), dataIndex: 'name' },
              {
                title: t('delivery.priority'),
                dataIndex: 'priority',
                render: (p: number) => t(`delivery.priorities.${p}`, { defaultValue: String(p) }),
              },
              {
                title: t('delivery.publishState'),
                dataIndex: 'state',
                render: (s: string) => <Tag color={STATE_COLOUR[s]}>{t(`delivery.states.${s}`)}</Tag>,
              },
              {
                title: t('delivery.period'),
                key: 'period',
                render: (_: unknown, p) => `${fmt(p.begin)} ~ ${fmt(p.end)}`,
              },
              { title: t('delivery.pubTime'), dataIndex: 'pubTime', render: fmt },
              { title: t('delivery.pullTime'), dataIndex: 'pullTime', render: fmt },
            ]}
          />
        )}
      </Card>
    </>
  );
}
