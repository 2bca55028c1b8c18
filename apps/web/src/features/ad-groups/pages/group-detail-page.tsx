import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Input, Popconfirm, Result, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DeviceImportDialog } from '../../../components/device-import-dialog';
import { DeviceTypeIcon } from '../../../components/device-type-icon';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { MissingParam } from '../../../components/missing-param';
import { lang } from '../../../lib/i18n';
import { type GroupRobot, startGroupExport, useGroup, useGroupRobots, useUpdateGroup } from '../api/groups';

const EMPTY = { robotId: '', name: '', propertyname: '', sceneName: '' };

/** /ad/groupDetail?id=: a group's devices, filtered and paged on the server; add by import, remove, export. */
export default function GroupDetailPage() {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const group = useGroup(id);
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const robots = useGroupRobots({ id, ...page, ...filters });
  const update = useUpdateGroup();
  const [importOpen, setImportOpen] = useState(false);

  if (!id) return <MissingParam what={t('missing.group')} listPath="/ad/groups" listLabel={t('groups.back')} />;
  if (group.isError) {
    return (
      <Result
        status="404"
        title={t('groups.notFound')}
        extra={<Button onClick={() => navigate('/ad/groups')}>{t('groups.back')}</Button>}
      />
    );
  }
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Partial<typeof EMPTY>;

  return (
    <Card
      title={t('groups.detailTitle')}
      loading={group.isLoading}
      extra={
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            {t('groups.addDevices')}
          </Button>
          <ExportButton
            disabled={(robots.data?.total ?? 0) === 0}
            statePath="/api/AdvertGroups/queryExportState"
            start={() => startGroupExport({ id, ...clean, language: lang() })}
          />
        </Space>
      }
    >
      <Descriptions size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.groupName')}>{group.data?.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.robotCount')}>{group.data?.robotCount}</Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginBottom: 16 }}>
        {(['robotId', 'name', 'propertyname', 'sceneName'] as const).map((k) => (
          <Input
            key={k}
            allowClear
            placeholder={t(`fields.${k}`)}
            aria-label={t(`fields.${k}`)}
            value={draft[k]}
            onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
          />
        ))}
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        >
          {t('filters.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            setFilters(EMPTY);
          }}
        >
          {t('filters.reset')}
        </Button>
      </Space>
      <Table<GroupRobot>
        rowKey="robotId"
        dataSource={robots.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: robots.data?.total ?? 0,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<GroupRobot>(
          [
            {
              title: t('fields.type'),
              dataIndex: 'type',
              size: 'media',
              width: 70,
              render: (_: unknown, r) => (
                <DeviceTypeIcon type={r.type} online={r.online} title={t(`types.${r.type}`)} />
              ),
            },
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.propertyname'), dataIndex: 'propertyname', size: 'name' },
            { title: t('fields.sceneName'), dataIndex: 'sceneName', size: 'text', minScreen: 1440 },
            {
              title: t('fields.state'),
              dataIndex: 'state',
              size: 'tag',
              render: (s: string) => (
                <Tag color={s === 'online' ? 'green' : s === 'offline' ? 'default' : 'orange'}>{t(`states.${s}`)}</Tag>
              ),
            },
            { title: t('fields.remainingSlots'), dataIndex: 'remainingSlots', size: 'number' },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              render: (_: unknown, r) => (
                <Popconfirm
                  title={t('groups.removeConfirm', { robotId: r.robotId })}
                  onConfirm={async () => {
                    await update.mutateAsync({ id, removeRobotIds: [r.robotId] });
                    message.success(t('details.saved'));
                  }}
                >
                  <Button size="small" danger>
                    {t('groups.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ],
          {
            query: robots,
            empty: {
              filtered: Object.keys(clean).length > 0,
              hint: t('empty.groupRobots.hint'),
              who: t('empty.groupRobots.who'),
            },
          },
        )}
      />
      <DeviceImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        checkPath="/api/AdvertGroups/importCheck"
        fields={{ id }}
        onAccept={async (ids) => {
          await update.mutateAsync({ id, addRobotIds: ids });
          message.success(t('details.saved'));
        }}
      />
    </Card>
  );
}
