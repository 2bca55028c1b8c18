import { Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type ErrorLog, type ErrorLogsFilter, useErrorLogsPage } from '../api/error-logs';
import { FilterForm, timeColumn, usePaging } from '../components/admin-table';

type Filter = Omit<ErrorLogsFilter, 'start' | 'limit'>;
type FilterValues = { type?: string; username?: string; keyword?: string; period?: [Dayjs, Dayjs] | null };
const TIME = 'YYYY-MM-DD HH:mm:ss';

/** /monitor/log/error: the unhandled front-end errors browsers sent (spec section 8), with their stacks. */
export default function ErrorLogsPage() {
  const { t } = useTranslation('admin');
  const { page, first, pagination } = usePaging();
  const [filter, setFilter] = useState<Filter>({});
  const list = useErrorLogsPage({ ...page, ...filter });
  const [open, setOpen] = useState<ErrorLog | null>(null);
  const filtered = Object.values(filter).some((v) => v !== undefined);

  return (
    <Card title={t('errors.title')}>
      <FilterForm<FilterValues>
        name="errorFilter"
        apply={(v) => {
          setFilter({
            type: v.type?.trim() || undefined,
            username: v.username?.trim() || undefined,
            keyword: v.keyword?.trim() || undefined,
            begin: v.period ? v.period[0].startOf('day').unix() : undefined,
            end: v.period ? v.period[1].endOf('day').unix() + 1 : undefined,
          });
          first();
        }}
      >
        <Form.Item name="keyword" label={t('errors.keyword')}>
          <Input allowClear placeholder={t('errors.keywordHint')} />
        </Form.Item>
        <Form.Item name="type" label={t('errors.type')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="username" label={t('errors.username')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="period" label={t('errors.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      <Table<ErrorLog>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={pagination(list.data?.total)}
        {...listTable<ErrorLog>(
          [
            timeColumn<ErrorLog>(t('errors.time'), 'createtime'),
            { title: t('errors.type'), dataIndex: 'type', size: 'tag' },
            { title: t('errors.message'), dataIndex: 'message', size: 'long', ellipsis: true },
            { title: t('errors.url'), dataIndex: 'url', size: 'long', ellipsis: true },
            {
              title: t('errors.username'),
              dataIndex: 'username',
              size: 'text',
              render: (u: string | null) => u ?? t('errors.anonymous'),
            },
            { title: t('errors.ip'), dataIndex: 'ip', size: 'code' },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 100,
              render: (_: unknown, e) => (
                <Button size="small" onClick={() => setOpen(e)}>
                  {t('errors.detail')}
                </Button>
              ),
            },
          ],
          { query: list, empty: { filtered, hint: t('errors.emptyHint') } },
        )}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={t('errors.detailTitle')} size="large">
        {open ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('errors.time')}>{dayjs.unix(open.createtime).format(TIME)}</Descriptions.Item>
              <Descriptions.Item label={t('errors.browserTime')}>
                {dayjs.unix(open.time).format(TIME)}
              </Descriptions.Item>
              <Descriptions.Item label={t('errors.type')}>{open.type}</Descriptions.Item>
              <Descriptions.Item label={t('errors.message')}>{open.message}</Descriptions.Item>
              <Descriptions.Item label={t('errors.url')}>{open.url}</Descriptions.Item>
              <Descriptions.Item label={t('errors.info')}>{open.info || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('errors.username')}>
                {open.username ?? t('errors.anonymous')}
              </Descriptions.Item>
              <Descriptions.Item label={t('errors.ip')}>{open.ip}</Descriptions.Item>
              <Descriptions.Item label={t('errors.userAgent')}>{open.userAgent}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('errors.stack')}
            </Typography.Title>
            <pre className="ra-stack" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
              {open.stack || '-'}
            </pre>
          </>
        ) : null}
      </Drawer>
    </Card>
  );
}
