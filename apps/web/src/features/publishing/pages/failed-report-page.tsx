import { Button, Card, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        loading={report.isLoading}
        dataSource={report.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: report.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        columns={[
          { title: t('fields.planName'), dataIndex: 'playlistName' },
          { title: t('fields.robotId'), dataIndex: 'robotId' },
          { title: t('fields.robotName'), dataIndex: 'name' },
          { title: t('fields.property'), dataIndex: 'propertyname' },
          { title: t('fields.failReason'), dataIndex: 'failMsg' },
          {
            title: t('fields.time'),
            key: 'time',
            render: (_: unknown, r) => dayjs.unix(r.createTime).format('YYYY-MM-DD HH:mm:ss'),
          },
        ]}
      />
    </Card>
  );
}
