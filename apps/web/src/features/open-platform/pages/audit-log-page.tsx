import { WEBHOOK_EVENTS } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type AuditEntry, useAudit } from '../api/open-platform';
import { serverPaging } from '../components/server-paging';

type ActorKind = AuditEntry['actorKind'];
const KINDS: readonly ActorKind[] = ['user', 'partner'];

/**
 * A change's target; a webhook endpoint's starts with its events, shown by their names
 * ("plan.pulledRatio,audit.result https://…").
 */
function targetText(target: string, eventName: (event: string) => string): string {
  if (!target) return '-';
  const [first = '', ...rest] = target.split(' ');
  const events = first.split(',');
  if (!events.every((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e))) return target;
  return [events.map(eventName).join(', '), ...rest].join(' ');
}

/** /openPlatform/auditLog: every partner call and every change on the open platform pages (who, when, what, where). */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation('open-platform');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [actorKind, setActorKind] = useState<ActorKind | undefined>();
  const [actorText, setActorText] = useState('');
  const [actor, setActor] = useState('');
  const audit = useAudit({ ...page, ...(actorKind ? { actorKind } : {}), ...(actor ? { actor } : {}) });

  return (
    <Card title={t('audit.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('fields.actorKind')}
          aria-label={t('fields.actorKind')}
          value={actorKind}
          options={KINDS.map((k) => ({ value: k, label: t(`audit.kinds.${k}`) }))}
          onChange={(v) => {
            setActorKind(v);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('audit.actorHint')}
          aria-label={t('fields.actor')}
          value={actorText}
          onChange={(e) => setActorText(e.target.value)}
          onSearch={(v) => {
            setActor(v.trim());
            setPage((p) => ({ ...p, start: 0 }));
          }}
          enterButton={t('search')}
        />
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        dataSource={audit.data?.datas ?? []}
        pagination={serverPaging(page, audit.data?.total, setPage)}
        {...listTable<AuditEntry>(
          [
            {
              title: t('fields.time'),
              dataIndex: 'time',
              size: 'time',
              render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('fields.actorKind'),
              dataIndex: 'actorKind',
              size: 'tag',
              render: (v: ActorKind) => <Tag color={v === 'partner' ? 'blue' : 'default'}>{t(`audit.kinds.${v}`)}</Tag>,
            },
            { title: t('fields.actor'), dataIndex: 'actor', size: 'code' },
            {
              title: t('fields.action'),
              dataIndex: 'action',
              size: 'long',
              // A change shows its name; a partner call its method and path.
              render: (v: string) =>
                i18n.exists(`audit.actions.${v}`, { ns: 'open-platform' }) ? t(`audit.actions.${v}`) : v,
            },
            {
              title: t('fields.target'),
              dataIndex: 'target',
              size: 'long',
              render: (v: string) => targetText(v, (event) => t(`webhooks.events.${event}`)),
            },
            { title: t('fields.ip'), dataIndex: 'ip', size: 'code', render: (v: string) => v || '-' },
            { title: t('fields.status'), dataIndex: 'status', size: 'number', render: (v: number) => String(v) },
          ],
          { query: audit, empty: { filtered: Boolean(actorKind || actor), hint: t('audit.emptyHint') } },
        )}
      />
    </Card>
  );
}
