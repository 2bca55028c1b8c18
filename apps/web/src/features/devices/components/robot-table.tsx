import type { TableProps } from 'antd';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceTypeIcon } from '../../../components/device-type-icon';
import type { Robot } from '../api/devices';
import { StateTag } from './state-tag';

/** The device table shared by the device pages: server paging, the section 3 fields. */
export function RobotTable({
  data,
  total,
  loading,
  page,
  onPage,
  onOpen,
  extraColumns = [],
  rowSelection,
}: {
  data: Robot[];
  total: number;
  loading: boolean;
  page: { start: number; limit: number };
  onPage: (p: { start: number; limit: number }) => void;
  onOpen?: (robotId: string) => void;
  extraColumns?: NonNullable<TableProps<Robot>['columns']>;
  rowSelection?: TableProps<Robot>['rowSelection'];
}) {
  const { t } = useTranslation('devices');
  return (
    <Table<Robot>
      rowKey="robotId"
      size="middle"
      loading={loading}
      dataSource={data}
      rowSelection={rowSelection}
      scroll={{ x: 1100 }}
      pagination={{
        current: page.start / page.limit + 1,
        pageSize: page.limit,
        total,
        showSizeChanger: true,
        showTotal: (n) => `${n}`,
        onChange: (current, limit) => onPage({ start: (current - 1) * limit, limit }),
      }}
      onRow={(r) => (onOpen ? { onDoubleClick: () => onOpen(r.robotId) } : {})}
      columns={[
        {
          title: t('fields.type'),
          dataIndex: 'type',
          width: 150,
          render: (_: unknown, r) => (
            <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <DeviceTypeIcon type={r.type} online={r.online} />
              {t(`types.${r.type}`)}
            </span>
          ),
        },
        {
          title: t('fields.robotId'),
          dataIndex: 'robotId',
          width: 130,
          render: (v: string) => (onOpen ? <Typography.Link onClick={() => onOpen(v)}>{v}</Typography.Link> : v),
        },
        { title: t('fields.name'), dataIndex: 'name', width: 150 },
        { title: t('fields.propertyname'), dataIndex: 'propertyname', width: 130 },
        { title: t('fields.sceneName'), dataIndex: 'sceneName', width: 110 },
        {
          title: t('fields.area'),
          key: 'area',
          width: 180,
          render: (_: unknown, r) => [r.province, r.city, r.district].filter(Boolean).join(' / '),
        },
        { title: t('fields.state'), dataIndex: 'state', width: 100, render: (s: string) => <StateTag state={s} /> },
        { title: t('fields.remainingSlots'), dataIndex: 'remainingSlots', width: 110 },
        ...(data.some((r) => r.distance !== undefined)
          ? [{ title: t('fields.distance'), dataIndex: 'distance', width: 100, render: (d: number) => `${d} km` }]
          : []),
        ...extraColumns,
      ]}
    />
  );
}
