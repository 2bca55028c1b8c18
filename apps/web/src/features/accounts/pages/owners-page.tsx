import { UploadOutlined } from '@ant-design/icons';
import { PROJECT_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import { App, Button, Card, Drawer, Modal, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { provinceOptions, regionText } from '../../../lib/regions';
import { sessionStore } from '../../../lib/session';
import {
  type Owner,
  type Property,
  type PropertyRobot,
  useOwnerAuthorization,
  useOwners,
  useProperties,
  usePropertyRobots,
} from '../api/owners';
import { FilterBar } from '../components/filter-bar';
import { ListExportButton } from '../components/list-export-button';
import { OwnerContactDialog } from '../components/owner-contact-dialog';
import { OwnerImportDialog } from '../components/owner-import-dialog';
import { OwnerReviewScopeDialog } from '../components/owner-review-scope-dialog';
import { usePagedFilter } from '../components/paging';

/** /account/property/index: property owner accounts (authorization) and the properties with their robots. */
export default function OwnersPage() {
  const { t } = useTranslation('accounts');
  const [robotsOf, setRobotsOf] = useState<{ id: string; name: string } | null>(null);
  const role = sessionStore.use((s) => s.user?.role);
  const [importing, setImporting] = useState(false);
  return (
    <Card
      title={t('owners.title')}
      extra={
        (role === 'super' || role === 'administrator') && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('ownerImport.title')}
          </Button>
        )
      }
    >
      <OwnerImportDialog open={importing} onClose={() => setImporting(false)} />
      <Tabs
        items={[
          { key: 'owners', label: t('owners.accounts'), children: <OwnerAccounts onRobots={setRobotsOf} /> },
          { key: 'properties', label: t('owners.properties'), children: <Properties onRobots={setRobotsOf} /> },
        ]}
      />
      <Drawer
        open={robotsOf !== null}
        onClose={() => setRobotsOf(null)}
        title={t('owners.robotsOf', { name: robotsOf?.name ?? '' })}
        size="large"
        destroyOnHidden
      >
        {robotsOf && <PropertyRobots projectId={robotsOf.id} />}
      </Drawer>
    </Card>
  );
}

function OwnerAccounts({ onRobots }: { onRobots: (p: { id: string; name: string }) => void }) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const paged = usePagedFilter<{ username?: string }>({});
  const list = useOwners(paged.query);
  const auth = useOwnerAuthorization();
  const [giving, setGiving] = useState<Owner | null>(null);
  const [contactOf, setContactOf] = useState<Owner | null>(null);
  const [scopeOf, setScopeOf] = useState<Owner | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const properties = useProperties({ start: 0, limit: 100, name: search || undefined }, giving !== null);

  const run = async (op: Parameters<typeof auth.mutateAsync>[0], done: string) => {
    await auth.mutateAsync(op);
    message.success(done);
  };

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <FilterBar
          fields={[{ key: 'username', label: t('fields.username') }]}
          value={paged.filter}
          onApply={paged.apply}
        />
        <ListExportButton path="/api/Proprietors/export" filters={paged.filter} total={list.data?.total} />
      </Space>
      <Table<Owner>
        rowKey="accountId"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Owner>(
          [
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.username'), dataIndex: 'username', size: 'text' },
            {
              title: t('owners.property'),
              dataIndex: 'propertyname',
              size: 'name',
              render: (v: string | null) => v ?? t('owners.noProperty'),
            },
            {
              title: t('owners.authorization'),
              dataIndex: 'authorized',
              size: 'tag',
              width: 130,
              render: (v: boolean) => (
                <Tag color={v ? 'green' : 'default'}>{t(v ? 'owners.opened' : 'owners.closed')}</Tag>
              ),
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 480,
              render: (_: unknown, o) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setGiving(o)}>
                    {t('owners.give')}
                  </Button>
                  {o.authorized ? (
                    <Popconfirm
                      title={t('owners.removeConfirm', { name: o.name })}
                      onConfirm={() => run({ kind: 'remove', accountId: o.accountId }, t('owners.removed'))}
                    >
                      <Button size="small" danger>
                        {t('owners.remove')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => run({ kind: 'open', accountId: o.accountId }, t('owners.openedDone'))}
                    >
                      {t('owners.open')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setScopeOf(o)}>
                    {t('owners.scope')}
                  </Button>
                  <Button size="small" onClick={() => setContactOf(o)}>
                    {t('owners.contact')}
                  </Button>
                  {o.projectId && (
                    <Button
                      size="small"
                      onClick={() => onRobots({ id: o.projectId ?? '', name: o.propertyname ?? '' })}
                    >
                      {t('owners.robots')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ],
          {
            query: list,
            empty: { filtered: paged.filtered, hint: t('owners.emptyHint'), who: t('owners.emptyWho') },
          },
        )}
      />
      <OwnerContactDialog owner={contactOf} onClose={() => setContactOf(null)} />
      <OwnerReviewScopeDialog owner={scopeOf} onClose={() => setScopeOf(null)} />
      <Modal
        open={giving !== null}
        title={t('owners.giveTitle', { name: giving?.name ?? '' })}
        onCancel={() => setGiving(null)}
        okButtonProps={{ disabled: !chosen }}
        confirmLoading={auth.isPending}
        destroyOnHidden
        onOk={async () => {
          if (!giving || !chosen) return;
          await run({ kind: 'add', accountId: giving.accountId, projectId: chosen }, t('saved'));
          setGiving(null);
          setChosen(undefined);
        }}
      >
        <Select
          style={{ width: '100%' }}
          showSearch
          filterOption={false}
          onSearch={setSearch}
          value={chosen}
          onChange={setChosen}
          aria-label={t('owners.property')}
          placeholder={t('owners.pickProperty')}
          loading={properties.isFetching}
          options={(properties.data?.datas ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Modal>
    </>
  );
}

function Properties({ onRobots }: { onRobots: (p: { id: string; name: string }) => void }) {
  const { t } = useTranslation('accounts');
  const paged = usePagedFilter<{ name?: string; province?: string; type?: Property['type'] }>({});
  const list = useProperties(paged.query);
  return (
    <>
      <FilterBar
        fields={[
          { key: 'name', label: t('owners.property') },
          { key: 'province', label: t('fields.province'), options: provinceOptions() },
          {
            key: 'type',
            label: t('owners.type'),
            options: PROJECT_TYPES.map((p) => ({ value: p, label: t(`owners.types.${p}`) })),
          },
        ]}
        value={paged.filter}
        onApply={paged.apply}
      />
      <Table<Property>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<Property>(
          [
            { title: t('owners.property'), dataIndex: 'name', size: 'name' },
            { title: t('owners.type'), dataIndex: 'type', size: 'tag', render: (v: string) => t(`owners.types.${v}`) },
            {
              title: t('fields.region'),
              key: 'region',
              size: 'text',
              render: (_: unknown, p) => regionText(p),
            },
            {
              title: t('fields.contacts'),
              key: 'contact',
              size: 'text',
              render: (_: unknown, p) => [p.contact, p.phone].filter(Boolean).join(' '),
            },
            { title: t('owners.robotCount'), dataIndex: 'robotCount', size: 'number' },
            {
              title: t('owners.owners'),
              key: 'owners',
              size: 'long',
              render: (_: unknown, p) => p.owners.map((o) => o.username).join(', '),
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              render: (_: unknown, p) => (
                <Button size="small" onClick={() => onRobots({ id: p.id, name: p.name })}>
                  {t('owners.robots')}
                </Button>
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('owners.propertiesEmptyHint') } },
        )}
      />
    </>
  );
}

function PropertyRobots({ projectId }: { projectId: string }) {
  const { t } = useTranslation('accounts');
  const paged = usePagedFilter<{ robotId?: string; name?: string }>({});
  const list = usePropertyRobots({ ...paged.query, projectId });
  return (
    <>
      <FilterBar
        fields={[
          { key: 'robotId', label: t('owners.robotId') },
          { key: 'name', label: t('fields.name') },
        ]}
        value={paged.filter}
        onApply={paged.apply}
      />
      <Table<PropertyRobot>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<PropertyRobot>(
          [
            { title: t('owners.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('owners.scene'), dataIndex: 'sceneName', size: 'text' },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: t('owners.robotsEmptyHint') } },
        )}
      />
    </>
  );
}
