import { Card, Empty, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type DeliveryInfo, useDeliveryInfo } from '../api/devices';
import { RobotList, useRobotList } from '../components/robot-list';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');
const STATE_COLOUR: Record<string, string> = { notIssued: 'default', issued: 'blue', pulled: 'green' };

/** /device/index: devices in scope; for the chosen one, the plans delivered to it and their state. */
export default function DeviceDeliveryPage() {
  const { t } = useTranslation('devices');
  const list = useRobotList();
  const [robotId, setRobotId] = useState<string | null>(null);
  const plans = useDeliveryInfo(robotId);
  // The plan list lies below the devices: a click on a device ID brings it into view (issue 38), as a second
  // click on the same ID does.
  const planCard = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (opened > 0) planCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [opened]);
  const open = (id: string) => {
    setRobotId(id);
    setOpened((n) => n + 1);
  };
  return (
    <>
      <Card title={t('delivery.title')} style={{ marginBottom: 16 }}>
        <RobotList list={list} onOpen={open} />
      </Card>
      <Card
        ref={planCard}
        data-testid="device-plans"
        title={robotId ? t('delivery.plans', { robotId }) : t('delivery.pick')}
      >
        {!robotId ? (
          <Empty description={t('delivery.pick')} />
        ) : (
          <Table<DeliveryInfo>
            rowKey="playlistId"
            dataSource={plans.data ?? []}
            pagination={false}
            {...listTable<DeliveryInfo>(
              [
                { title: t('delivery.plan'), dataIndex: 'name', size: 'name' },
                {
                  title: t('delivery.priority'),
                  dataIndex: 'priority',
                  size: 'tag',
                  render: (p: number) => t(`delivery.priorities.${p}`, { defaultValue: String(p) }),
                },
                {
                  title: t('delivery.publishState'),
                  dataIndex: 'state',
                  size: 'tag',
                  render: (s: string) => <Tag color={STATE_COLOUR[s]}>{t(`delivery.states.${s}`)}</Tag>,
                },
                {
                  title: t('delivery.period'),
                  key: 'period',
                  size: 'period',
                  render: (_: unknown, p) => `${fmt(p.begin)} ~ ${fmt(p.end)}`,
                },
                { title: t('delivery.pubTime'), dataIndex: 'pubTime', size: 'time', render: fmt },
                { title: t('delivery.pullTime'), dataIndex: 'pullTime', size: 'time', render: fmt },
              ],
              { query: plans, empty: { hint: t('delivery.none'), who: t('empty.deviceDelivery.who') } },
            )}
          />
        )}
      </Card>
    </>
  );
}
