import { AUDIT_ACTIONS } from '@robot-ads/contracts/admin/admin.schemas';
import { Card, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type AuditEntry, type AuditFilter, useAuditPage } from '../api/audit-log';
import { FilterForm, timeColumn, usePaging } from '../components/admin-table';

type Filter = Omit<AuditFilter, 'start' | 'limit'>;

/** /system/auditLog: every change made on the system administration pages (who, when, what, from where). */
export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { page, first, pagination } = usePaging();
  const [filter, setFilter] = useState<Filter>({});
  const list = useAuditPage({ ...page, ...filter });

  return (
    <Card title={t('audit.title')}>
      <FilterForm<Filter>
        name="auditFilter"
        apply={(v) => {
          setFilter({ action: v.action || undefined, username: v.username?.trim() || undefined });
          first();
        }}
      >
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="username" label={t('audit.username')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </FilterForm>
      <Table<AuditEntry>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={pagination(list.data?.total)}
        expandable={{
          expandedRowRender: (e) => (
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, margin: 0 }}>
              {JSON.stringify(JSON.parse(e.detail), null, 2)}
            </pre>
          ),
        }}
        {...listTable<AuditEntry>(
          [
            timeColumn<AuditEntry>(t('audit.time'), 'time'),
            { title: t('audit.username'), dataIndex: 'username', size: 'text' },
            {
              title: t('audit.action'),
              dataIndex: 'action',
              size: 'text',
              render: (a: string) => t(`audit.actions.${a}`, { defaultValue: a }),
            },
            { title: t('audit.target'), dataIndex: 'target', size: 'code', width: 220 },
            { title: t('errors.ip'), dataIndex: 'ip', size: 'code' },
            { title: t('errors.userAgent'), dataIndex: 'userAgent', size: 'long', ellipsis: true },
          ],
          { query: list, empty: { filtered: Boolean(filter.action || filter.username), hint: t('audit.emptyHint') } },
        )}
      />
    </Card>
  );
}
