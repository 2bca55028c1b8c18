import { APPLICATION_STATES, APPLICATION_TYPES } from '@robot-ads/contracts/reviews/review-state.rules';
import { Button, Drawer, Input, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { lang } from '../../../lib/i18n';
import {
  type Application,
  type ApplicationFilter,
  type ApplicationRobot,
  startApplicationExport,
  useApplicationRobots,
  useApplications,
} from '../api/reviews';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation('delivery');
  const color = state === 'post' ? 'green' : state === 'reject' ? 'red' : state === 'pending' ? 'gold' : 'default';
  return <Tag color={color}>{t(`applicationState.${state}`)}</Tag>;
}

/** The reviews of an application, step by step (reviewer, opinion, time). */
export function Steps({ a }: { a: Application }) {
  const { t } = useTranslation('delivery');
  return (
    <Timeline
      items={a.steps.map((s) => ({
        color: s.state === 'post' ? 'green' : s.state === 'reject' ? 'red' : 'gray',
        children: (
          <div>
            <Typography.Text strong>
              {s.kind === 'owner' ? `${t('review.owner')} ${s.propertyname ?? ''}` : t('review.operator')}
            </Typography.Text>{' '}
            <StateTag state={s.state} />
            {s.reviewerName && <div>{`${s.reviewerName} · ${fmt(s.time)}`}</div>}
            {s.note && <div>{s.note}</div>}
          </div>
        ),
      }))}
    />
  );
}

export function ApplicationRobots({ id }: { id: string }) {
  const { t } = useTranslation('delivery');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const robots = useApplicationRobots({ id, ...page });
  return (
    <Table
      size="small"
      rowKey="robotId"
      dataSource={robots.data?.datas ?? []}
      pagination={{
        current: page.start / page.limit + 1,
        pageSize: page.limit,
        total: robots.data?.total ?? 0,
        onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
      }}
      {...listTable<ApplicationRobot>(
        [
          { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
          { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
          { title: t('fields.property'), dataIndex: 'propertyname', size: 'name' },
          { title: t('fields.scene'), dataIndex: 'sceneName', size: 'text' },
          {
            title: t('fields.publishState'),
            dataIndex: 'publishState',
            size: 'tag',
            render: (v: string | null) => (v ? t(`publishState.${v}`) : '-'),
          },
        ],
        { query: robots, empty: { hint: t('empty.applicationRobots.hint') } },
      )}
    />
  );
}

/**
 * Applications, paged and filtered on the server; `actions` renders the buttons of each row. `exportable`
 * adds the export (xlsx, with progress) of what the applied filters show, times in the browser's zone.
 */
export function ApplicationTable({
  view,
  todo,
  title,
  actions,
  exportable,
}: {
  view: ApplicationFilter['view'];
  todo?: boolean;
  title: string;
  actions: (a: Application) => ReactNode;
  exportable?: boolean;
}) {
  const { t } = useTranslation('delivery');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<Partial<Pick<ApplicationFilter, 'name' | 'type' | 'state'>>>({});
  const list = useApplications({ view, todo, ...page, ...filter });
  const [detail, setDetail] = useState<Application | null>(null);
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input
          allowClear
          placeholder={t('fields.planName')}
          aria-label={t('fields.planName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => setFilter((f) => ({ ...f, name: name.trim() || undefined }))}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('fields.applicationType')}
          aria-label={t('fields.applicationType')}
          onChange={(type) => setFilter((f) => ({ ...f, type }))}
          options={APPLICATION_TYPES.map((v) => ({ value: v, label: t(`applicationType.${v}`) }))}
        />
        {!todo && (
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('fields.applicationState')}
            aria-label={t('fields.applicationState')}
            onChange={(state) => setFilter((f) => ({ ...f, state }))}
            options={APPLICATION_STATES.map((v) => ({
              value: v,
              label: t(`applicationState.${v}`),
            }))}
          />
        )}
        <Button onClick={() => setFilter((f) => ({ ...f, name: name.trim() || undefined }))}>
          {t('common.search')}
        </Button>
        {exportable && (
          <>
            <ExportButton
              statePath="/api/Ad_Audits/queryExportAd_audit"
              disabled={!list.data?.total}
              start={() =>
                startApplicationExport({
                  view,
                  todo,
                  ...filter,
                  language: lang(),
                  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                })
              }
            />
            <Typography.Text type="secondary">
              {t('records.exportCount', { total: list.data?.total ?? 0 })}
            </Typography.Text>
          </>
        )}
      </Space>
      <Table<Application>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<Application>(
          [
            {
              title: t('fields.planName'),
              key: 'plan',
              size: 'name',
              render: (_: unknown, a) => (
                <Typography.Link onClick={() => setDetail(a)}>
                  {a.playlist.name}
                  {a.playlist.cancelled && ` (${t('plans.cancelled')})`}
                </Typography.Link>
              ),
            },
            {
              title: t('fields.client'),
              minScreen: 1440,
              key: 'client',
              size: 'name',
              render: (_: unknown, a) => a.playlist.clientName,
            },
            {
              title: t('fields.applicationType'),
              dataIndex: 'type',
              size: 'tag',
              width: 110,
              render: (v: string) => t(`applicationType.${v}`),
            },
            { title: t('fields.applicant'), dataIndex: 'applicant', size: 'name', width: 130, minScreen: 1600 },
            { title: t('fields.devices'), dataIndex: 'robotCount', size: 'number', width: 90, minScreen: 1600 },
            { title: t('fields.applyTime'), dataIndex: 'createtime', size: 'time', render: (v: number) => fmt(v) },
            {
              title: t('fields.applicationState'),
              dataIndex: 'state',
              size: 'tag',
              width: 110,
              render: (v: string) => <StateTag state={v} />,
            },
            { title: t('fields.reason'), dataIndex: 'reason', size: 'long' },
            { title: t('fields.reviewNote'), dataIndex: 'note', size: 'long', minScreen: 1600 },
            {
              title: t('common.actions'),
              key: 'actions',
              size: 'actions',
              width: 260,
              render: (_: unknown, a) => actions(a),
            },
          ],
          {
            query: list,
            empty: {
              filtered: Boolean(filter.name || filter.type || filter.state),
              hint: t(`empty.applications.${todo ? 'awaiting' : view}`),
              who: t(`empty.applications.${todo ? 'awaitingWho' : `${view}Who`}`),
            },
          },
        )}
      />
      <Drawer open={Boolean(detail)} width={720} title={detail?.playlist.name} onClose={() => setDetail(null)}>
        {detail && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div>
              {t(`applicationType.${detail.type}`)} · <StateTag state={detail.state} /> · {detail.applicant} ·{' '}
              {fmt(detail.createtime)}
            </div>
            {detail.reason && <div>{`${t('fields.reason')}: ${detail.reason}`}</div>}
            {detail.type === 'pause' && (
              <div>{`${t('apply.pauseWindow')}: ${fmt(detail.pauseBegin)} ~ ${fmt(detail.pauseEnd)}`}</div>
            )}
            <Steps a={detail} />
            <ApplicationRobots id={detail.id} />
          </Space>
        )}
      </Drawer>
    </>
  );
}
