import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceImportDialog } from '../../../components/device-import-dialog';
import { ExportButton } from '../../../components/export-progress';
import { listTable } from '../../../components/list-table';
import { TextSearch } from '../../../components/text-search';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import {
  type AdGroup,
  startGroupExport,
  useCreateGroup,
  useDeleteGroup,
  useGroupsPage,
  useUpdateGroup,
} from '../api/groups';
import { GroupNameForm } from '../components/group-name-form';

/** /ad/groups: device groups, paged on the server; create from an Excel import, rename, export, delete. */
export default function GroupsPage() {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [search, setSearch] = useState('');
  const groups = useGroupsPage({ ...page, name: search || undefined });
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [creating, setCreating] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [renaming, setRenaming] = useState<AdGroup | null>(null);
  const [createForm] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();

  const closeCreate = () => {
    setCreating(false);
    setChosen([]);
    createForm.resetFields();
  };

  return (
    <Card
      title={t('groups.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('groups.create')}
        </Button>
      }
    >
      <TextSearch
        label={t('fields.groupName')}
        buttonText={t('filters.search')}
        onSearch={(text) => {
          setSearch(text);
          setPage((p) => ({ ...p, start: 0 }));
        }}
      />
      <Table<AdGroup>
        rowKey="id"
        dataSource={groups.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: groups.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<AdGroup>(
          [
            {
              title: t('fields.groupName'),
              dataIndex: 'name',
              size: 'name',
              render: (v: string, g) => (
                <Typography.Link onClick={() => navigate(`/ad/groupDetail?id=${g.id}`)}>{v}</Typography.Link>
              ),
            },
            { title: t('fields.robotCount'), dataIndex: 'robotCount', size: 'number', width: 120 },
            {
              title: t('fields.createtime'),
              dataIndex: 'createtime',
              size: 'time',
              width: 200,
              render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 340,
              render: (_: unknown, g) => (
                <Space wrap>
                  <Button size="small" onClick={() => navigate(`/ad/groupDetail?id=${g.id}`)}>
                    {t('groups.view')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      setRenaming(g);
                      renameForm.setFieldsValue({ name: g.name });
                    }}
                  >
                    {t('groups.rename')}
                  </Button>
                  <ExportButton
                    disabled={g.robotCount === 0}
                    statePath="/api/AdvertGroups/queryExportState"
                    start={() => startGroupExport({ id: g.id, language: lang() })}
                  />
                  <Popconfirm
                    title={t('groups.deleteConfirm', { name: g.name })}
                    onConfirm={async () => {
                      await remove.mutateAsync(g.id);
                      message.success(t('groups.deleted'));
                    }}
                  >
                    <Button size="small" danger>
                      {t('groups.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ],
          {
            query: groups,
            empty: {
              filtered: Boolean(search),
              hint: t('empty.groups.hint'),
              who: t('empty.groups.who'),
            },
          },
        )}
      />

      <Modal
        open={creating}
        title={t('groups.createTitle')}
        onCancel={closeCreate}
        confirmLoading={create.isPending}
        onOk={() =>
          submitForm(createForm, message.error, async (values) => {
            await create.mutateAsync({ name: values.name.trim(), robotIds: chosen });
            message.success(t('groups.created'));
            closeCreate();
          })
        }
        destroyOnHidden
      >
        <GroupNameForm form={createForm} />
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('groups.importFirst')}</Typography.Text>
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('import.title')}
            </Button>
            {chosen.length > 0 && (
              <Typography.Text strong>{t('screens.selected', { count: chosen.length })}</Typography.Text>
            )}
          </Space>
        </Space>
      </Modal>
      <DeviceImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        checkPath="/api/AdvertGroups/importCheck"
        onAccept={async (ids) => setChosen(ids)}
      />

      <Modal
        open={renaming !== null}
        title={t('groups.renameTitle')}
        onCancel={() => setRenaming(null)}
        confirmLoading={update.isPending}
        onOk={() =>
          submitForm(renameForm, message.error, async (values) => {
            if (renaming) await update.mutateAsync({ id: renaming.id, name: values.name.trim() });
            message.success(t('details.saved'));
            setRenaming(null);
          })
        }
        destroyOnHidden
      >
        <GroupNameForm form={renameForm} />
      </Modal>
    </Card>
  );
}
