import type { TableProps } from 'antd';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceTypeIcon } from '../../../components/device-type-icon';
import { type ListColumn, type ListQuery, listTable } from '../../../components/list-table';
import { regionText } from '../../../lib/regions';
import type { Robot } from '../api/devices';
import { StateTag } from './state-tag';

/** The device table shared by the device pages: server paging, the section 3 fields. */
export function RobotTable({
  data,
  total,
  query,
  filtered,
  page,
  onPage,
  onOpen,
  extraColumns = [],
  rowSelection,
}: {
  data: Robot[];
  total: number;
  /** The query that loads the rows: its loading state, and its error with a retry. */
  query: ListQuery;
  /** A filter is applied (the empty state says so). */
  filtered?: boolean;
  page: { start: number; limit: number };
  onPage: (p: { start: number; limit: number }) => void;
  onOpen?: (robotId: string) => void;
  extraColumns?: ListColumn<Robot>[];
  rowSelection?: TableProps<Robot>['rowSelection'];
}) {
  const { t } = useTranslation('devices');
  return (
    <Table<Robot>
      rowKey="robotId"
      size="middle"
      dataSource={data}
      rowSelection={rowSelection}
      pagination={{
        current: page.start / page.limit + 1,
        pageSize: page.limit,
        total,
        showSizeChanger: true,
        showTotal: (n) => t('pager.total', { count: n }),
        onChange: (current, limit) => onPage({ start: (current - 1) * limit, limit }),
      }}
      onRow={(r) => (onOpen ? { onDoubleClick: () => onOpen(r.robotId) } : {})}
      {...listTable<Robot>(
        [
          {
            title: t('fields.type'),
            dataIndex: 'type',
            size: 'text',
            width: 150,
            minScreen: 1600,
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
            size: 'code',
            render: (v: string) => (onOpen ? <Typography.Link onClick={() => onOpen(v)}>{v}</Typography.Link> : v),
          },
          { title: t('fields.name'), dataIndex: 'name', size: 'name' },
          { title: t('fields.propertyname'), dataIndex: 'propertyname', size: 'name', minScreen: 1440 },
          { title: t('fields.sceneName'), dataIndex: 'sceneName', size: 'text', minScreen: 1600 },
          {
            title: t('fields.area'),
            key: 'area',
            size: 'text',
            width: 140,
            minScreen: 1600,
            render: (_: unknown, r) => regionText(r),
          },
          { title: t('fields.state'), dataIndex: 'state', size: 'tag', render: (s: string) => <StateTag state={s} /> },
          { title: t('fields.remainingSlots'), dataIndex: 'remainingSlots', size: 'number', width: 110 },
          ...(data.some((r) => r.distance !== undefined)
            ? [
                {
                  title: t('fields.distance'),
                  dataIndex: 'distance',
                  size: 'number' as const,
                  render: (d: number) => `${d} km`,
                },
              ]
            : []),
          ...extraColumns,
        ],
        { query: query, empty: { filtered, hint: t('empty.devices.hint'), who: t('empty.devices.who') } },
      )}
    />
  );
}
