import { Button, Card, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type FailedRow, useFailedReport } from '../api/publishing';

/** /failedReport: devices a plan could not be delivered to, with the section 8 reason. */
export default function FailedReportPage() {
  const { t } = useTranslation('delivery');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [text, setText] = useState({ name: '', robotId: '' });
  const [filter, setFilter] = useState<{ name?: string; robotId?: string }>({});
  const report = useFailedReport({ ...page, ...filter });
  const apply = () => {
    setFilter({ name: text.name.trim() || undefined, robotId: text.robotId.trim() || undefined });
    setPage((p) => ({ ...p, start: 0 }));
  };
  return (
    <Card title={t('failed.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input
          allowClear
          placeholder={t('fields.planName')}
          aria-label={t('fields.planName')}
          value={text.name}
          onChange={(e) => setText((x) => ({ ...x, name: e.target.value }))}
          onPressEnter={apply}
        />
        <Input
          allowClear
          placeholder={t('fields.robotId')}
          aria-label={t('fields.robotId')}
          value={text.robotId}
          onChange={(e) => setText((x) => ({ ...x, robotId: e.target.value }))}
          onPressEnter={apply}
        />
        <Button onClick={apply}>{t('common.search')}</Button>
      </Space>
      <Table<FailedRow>
        rowKey="id"
        dataSource={report.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: report.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<FailedRow>(
          [
            { title: t('fields.planName'), dataIndex: 'playlistName', size: 'name' },
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
            { title: t('fields.property'), dataIndex: 'propertyname', size: 'name' },
            { title: t('fields.failReason'), dataIndex: 'failMsg', size: 'long' },
            {
              title: t('fields.time'),
              key: 'time',
              size: 'time',
              render: (_: unknown, r) => dayjs.unix(r.createTime).format('YYYY-MM-DD HH:mm:ss'),
            },
          ],
          {
            query: report,
            empty: {
              filtered: Boolean(filter.name || filter.robotId),
              hint: t('empty.failed.hint'),
              who: t('empty.failed.who'),
            },
          },
        )}
      />
    </Card>
  );
}
