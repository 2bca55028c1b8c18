import { App, Button, Card, Popconfirm, Segmented, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type PartnerSession, useRevokeSession, useSessions } from '../api/open-platform';
import { serverPaging } from '../components/server-paging';

const time = (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** /openPlatform/ssession: partner sessions (live by default), revoked at once. */
export default function SessionsPage() {
  const { t, i18n } = useTranslation('open-platform');
  const { message } = App.useApp();
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [state, setState] = useState<'live' | 'all'>('live');
  const sessions = useSessions({ ...page, state });
  const revoke = useRevokeSession();
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'zh-CN');

  return (
    <Card title={t('sessions.title')}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={state}
        onChange={(v) => {
          setState(v as 'live' | 'all');
          setPage((p) => ({ ...p, start: 0 }));
        }}
        options={[
          { value: 'live', label: t('sessions.live') },
          { value: 'all', label: t('sessions.all') },
        ]}
      />
      <Table<PartnerSession>
        rowKey="id"
        dataSource={sessions.data?.datas ?? []}
        pagination={serverPaging(page, sessions.data?.total, setPage)}
        {...listTable<PartnerSession>(
          [
            { title: t('fields.application'), dataIndex: 'apiUserName', size: 'name' },
            { title: t('fields.clientId'), dataIndex: 'clientId', size: 'code' },
            { title: t('fields.ip'), dataIndex: 'ip', size: 'code' },
            { title: t('fields.issued'), dataIndex: 'issuedTime', size: 'time', render: time },
            { title: t('fields.lastUsed'), dataIndex: 'lastUsedTime', size: 'time', render: time },
            {
              title: t('fields.calls'),
              dataIndex: 'calls',
              size: 'number',
              render: (v: number) => number.format(v),
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 140,
              render: (_: unknown, s) =>
                s.revoked ? (
                  <Tag>{t('sessions.revoked')}</Tag>
                ) : (
                  <Popconfirm
                    title={t('sessions.revokeConfirm', { name: s.apiUserName })}
                    onConfirm={async () => {
                      await revoke.mutateAsync(s.id);
                      message.success(t('sessions.revokedDone'));
                    }}
                  >
                    <Button size="small" danger>
                      {t('sessions.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ],
          { query: sessions, empty: { hint: t('sessions.emptyHint') } },
        )}
      />
    </Card>
  );
}
