import { DEVICE_STATES } from '@robot-ads/contracts/devices/devices.rules';
import { Card, Col, Empty, List, Progress, Row, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeviceTypeIcon } from '../../../components/device-type-icon';
import { listTable } from '../../../components/list-table';
import { QueryError } from '../../../components/query-error';
import { percentOf } from '../../../lib/statistics/format';
import { useBoard } from '../api/devices';
import { StateTag } from '../components/state-tag';

type ByType = NonNullable<ReturnType<typeof useBoard>['data']>['byType'][number];

/** /wel/deviceBoard: counts by state and type, online ratio, recent connection changes. */
export default function DeviceBoardPage() {
  const { t } = useTranslation('devices');
  const board = useBoard();
  const b = board.data;
  if (board.isError && !b) return <QueryError error={board.error} onRetry={() => board.refetch()} />;
  return (
    <div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card loading={board.isLoading}>
            <Statistic title={t('board.total')} value={b?.total ?? 0} />
            <Typography.Text type="secondary">{t('board.onlineRatio')}</Typography.Text>
            <Progress percent={percentOf(b?.onlineRatio ?? 0)} aria-label={t('board.onlineRatio')} />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card title={t('board.byState')} loading={board.isLoading}>
            <Row gutter={16}>
              {DEVICE_STATES.map((s) => (
                <Col key={s} xs={12} sm={8} lg={4}>
                  <Statistic title={<StateTag state={s} />} value={b?.byState[s] ?? 0} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('board.byType')} loading={board.isLoading}>
            <Table
              size="small"
              rowKey="type"
              pagination={false}
              dataSource={(b?.byType ?? []).filter((x) => x.total > 0)}
              {...listTable<ByType>(
                [
                  {
                    title: t('fields.type'),
                    dataIndex: 'type',
                    size: 'text',
                    render: (type, x) => (
                      <span style={{ display: 'inline-flex', gap: 6 }}>
                        <DeviceTypeIcon type={type} online={x.online > 0} />
                        {t(`types.${type}`)}
                      </span>
                    ),
                  },
                  { title: t('board.total'), dataIndex: 'total', size: 'number' },
                  { title: t('states.online'), dataIndex: 'online', size: 'number' },
                ],
                { query: board, empty: { hint: t('empty.devices.hint'), who: t('empty.devices.who') } },
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('board.recent')} loading={board.isLoading}>
            {(b?.recentTransitions.length ?? 0) === 0 ? (
              <Empty description={t('board.none')} />
            ) : (
              <List
                size="small"
                dataSource={b?.recentTransitions ?? []}
                renderItem={(x) => (
                  <List.Item>
                    <span>
                      <StateTag state={x.kind} /> {x.name} ({x.robotId})
                    </span>
                    <Typography.Text type="secondary">{dayjs.unix(x.time).format('MM-DD HH:mm:ss')}</Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
