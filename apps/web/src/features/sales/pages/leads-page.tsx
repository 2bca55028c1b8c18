import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  FOLLOW_STATES,
  type FollowState,
  LEAD_PRIORITIES,
  type LeadPriority,
} from '@robot-ads/contracts/sales/sales.rules';
import { Button, Card, Checkbox, Form, Input, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { regionText } from '../../../lib/regions';
import { industryOptions, industryText } from '../../../lib/vocabulary';
import { SALES_EXPORT_STATE } from '../api/common';
import { type Lead, type LeadFilter, startLeadExport, useDeleteLead, useLeadsPage } from '../api/leads';
import { LeadDrawer } from '../components/lead-drawer';
import { LeadFormDialog } from '../components/lead-form-dialog';
import { LeadImportDialog } from '../components/lead-import-dialog';
import { FollowStateTag, PriorityTag } from '../components/tags';
import { dateText, timeText, useServerPage } from '../components/use-paged';

type LeadFilterForm = Omit<LeadFilter, 'start' | 'limit' | 'dueBefore'> & { due?: boolean };

/** /screenManage/intendedManage/index: intended customers (leads) with follow-up, reminders and conversion. */
export default function LeadsPage() {
  const { t } = useTranslation('sales');
  const paged = useServerPage<Omit<LeadFilter, 'start' | 'limit'>>({});
  const list = useLeadsPage(paged.query);
  const remove = useDeleteLead();
  const [editing, setEditing] = useState<Lead | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <Card
      title={t('leads.title')}
      extra={
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('import')}
          </Button>
          <ExportButton
            start={() => startLeadExport(paged.filter)}
            statePath={SALES_EXPORT_STATE}
            disabled={!list.data?.total}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('leads.create')}
          </Button>
        </Space>
      }
    >
      <Form<LeadFilterForm>
        layout="inline"
        onFinish={({ due, ...rest }) =>
          paged.setFilter({ ...rest, dueBefore: due ? dayjs().endOf('day').unix() : undefined })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name">
          <Input allowClear placeholder={t('fields.name')} aria-label={t('fields.name')} />
        </Form.Item>
        <Form.Item name="phone">
          <Input allowClear placeholder={t('fields.phone')} aria-label={t('fields.phone')} />
        </Form.Item>
        <Form.Item name="priority">
          <Select
            allowClear
            style={{ minWidth: 120 }}
            placeholder={t('fields.priority')}
            aria-label={t('fields.priority')}
            options={LEAD_PRIORITIES.map((p) => ({ value: p, label: t(`vocabulary:leadPriority.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="followState">
          <Select
            allowClear
            style={{ minWidth: 150 }}
            placeholder={t('fields.followState')}
            aria-label={t('fields.followState')}
            options={FOLLOW_STATES.map((s) => ({ value: s, label: t(`vocabulary:followState.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="industry">
          <Select
            allowClear
            style={{ minWidth: 170 }}
            placeholder={t('fields.industry')}
            aria-label={t('fields.industry')}
            options={industryOptions()}
          />
        </Form.Item>
        <Form.Item name="due" valuePropName="checked">
          <Checkbox>{t('leads.due')}</Checkbox>
        </Form.Item>
        <Button htmlType="submit">{t('search')}</Button>
      </Form>
      <Table<Lead>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Lead>(
          [
            {
              title: t('fields.name'),
              dataIndex: 'name',
              size: 'name',
              render: (v: string, l) => (
                <Button type="link" size="small" onClick={() => setOpenId(l.id)}>
                  {v}
                </Button>
              ),
            },
            { title: t('fields.phone'), dataIndex: 'phone', size: 'code' },
            {
              title: t('fields.industry'),
              dataIndex: 'industry',
              size: 'text',
              minScreen: 1920,
              render: (v: string) => industryText(v),
            },
            {
              title: t('fields.region'),
              key: 'region',
              size: 'text',
              minScreen: 1600,
              render: (_: unknown, l) => regionText(l, '-'),
            },
            {
              title: t('fields.source'),
              dataIndex: 'source',
              size: 'tag',
              render: (s: string) => t(`vocabulary:leadSource.${s}`),
              minScreen: 1600,
            },
            { title: t('fields.owner'), dataIndex: 'ownerName', size: 'text', minScreen: 1440 },
            {
              title: t('fields.priority'),
              dataIndex: 'priority',
              size: 'tag',
              render: (p: LeadPriority) => <PriorityTag priority={p} />,
            },
            {
              title: t('fields.followState'),
              dataIndex: 'followState',
              size: 'tag',
              width: 130,
              render: (s: FollowState) => <FollowStateTag state={s} />,
            },
            { title: t('fields.lastNoteAt'), dataIndex: 'lastNoteAt', size: 'time', render: timeText, minScreen: 1600 },
            { title: t('fields.nextFollowAt'), dataIndex: 'nextFollowAt', size: 'tag', width: 130, render: dateText },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              // The notes inline, edit and delete under "More": priority and follow-up stay visible at 1280 px.
              width: 170,
              render: (_: unknown, l) => (
                <RowActions
                  inline={1}
                  actions={[
                    { key: 'timeline', label: t('leads.timeline'), onClick: () => setOpenId(l.id) },
                    { key: 'edit', label: t('edit'), onClick: () => setEditing(l) },
                    {
                      key: 'delete',
                      label: t('delete'),
                      danger: true,
                      confirm: t('deleteConfirm', { name: l.name }),
                      onClick: () => remove.mutateAsync(l.id),
                    },
                  ]}
                />
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('leads.emptyHint') } },
        )}
      />
      <LeadFormDialog lead={editing} onClose={() => setEditing(null)} />
      <LeadDrawer id={openId} onClose={() => setOpenId(null)} />
      <LeadImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
