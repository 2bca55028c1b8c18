import {
  AppstoreOutlined,
  BarsOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  Html5Outlined,
  NotificationOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { formatBytes, RESOURCE_KINDS, TEMPLATE_SLOTS } from '@robot-ads/contracts/media/media.rules';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findPage } from '../../../app/registry';
import { EmptyState, type EmptyStateProps } from '../../../components/empty-state';
import { listTable } from '../../../components/list-table';
import { MediaPreview } from '../../../components/media-preview';
import { QueryError } from '../../../components/query-error';
import { submitForm } from '../../../lib/form-errors';
import { failureText } from '../../../lib/media-upload';
import { type Material, useDeleteMaterial, useKinds, useMaterials, useUpdateMaterial } from '../api/resources';
import { UploadDialog } from '../components/upload-dialog';

const TIME = 'YYYY-MM-DD HH:mm:ss';

function DocIcon({ kind }: { kind: string }) {
  const Icon = kind === 'pdf' ? FilePdfOutlined : kind === 'ppt' ? FilePptOutlined : Html5Outlined;
  return <Icon style={{ fontSize: 56, color: '#fff' }} />;
}

function toPreview(m: Material) {
  return { kind: m.kind, url: m.mdpath, name: m.name, width: m.width, height: m.height, thumbnail: m.thumbnail };
}

/** /ad/Resource: materials in a grid or a list, filtered and paged on the server; upload, preview, edit, delete. */
export default function ResourcePage() {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [page, setPage] = useState({ start: 0, limit: 12 });
  const [filter, setFilter] = useState<{ kind?: string; template?: number; slot?: number; name?: string }>({});
  const [nameInput, setNameInput] = useState('');
  const materials = useMaterials({ ...page, ...(filter as object) });
  const kinds = useKinds();
  const remove = useDeleteMaterial();
  const update = useUpdateMaterial();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<Material | null>(null);
  const [editing, setEditing] = useState<Material | null>(null);
  const [form] = Form.useForm<{ name: string; reLocation: string }>();

  const setFilterKey = (next: typeof filter) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, start: 0 }));
  };

  const onDelete = async (m: Material) => {
    try {
      await remove.mutateAsync(m.id);
      message.success(t('deleted'));
    } catch (error) {
      message.error(failureText(error));
    }
  };

  const actions = (m: Material) => [
    <Button key="view" type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(m)}>
      {t('preview')}
    </Button>,
    <Button
      key="edit"
      type="link"
      size="small"
      icon={<EditOutlined />}
      onClick={() => {
        setEditing(m);
        form.setFieldsValue({ name: m.name, reLocation: m.reLocation });
      }}
    >
      {t('edit')}
    </Button>,
    <Popconfirm key="delete" title={t('confirmDelete', { name: m.name })} onConfirm={() => onDelete(m)}>
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('delete')}
      </Button>
    </Popconfirm>,
  ];

  const data = materials.data?.datas ?? [];
  const total = materials.data?.total ?? 0;
  const seconds = (ms: number) => `${Math.round(ms / 1000)}${t('secondsUnit')}`;
  const empty: EmptyStateProps = {
    filtered: Object.values(filter).some((v) => v !== undefined),
    hint: t('emptyHint'),
    who: t('emptyWho'),
  };

  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          {findPage('/ad/AD') && (
            <Button icon={<NotificationOutlined />} onClick={() => navigate('/ad/AD')}>
              {t('toAds')}
            </Button>
          )}
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('upload.open')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={t('fields.kind')}
          placeholder={t('fields.kind')}
          style={{ width: 160 }}
          value={filter.kind}
          onChange={(kind) => setFilterKey({ kind })}
          options={RESOURCE_KINDS.map((k) => ({
            value: k,
            label: `${t(`kinds.${k}`)} (${kinds.data?.find((x) => x.kind === k)?.count ?? 0})`,
          }))}
        />
        <Select
          allowClear
          aria-label={t('fields.template')}
          placeholder={t('fields.template')}
          style={{ width: 140 }}
          value={filter.template}
          onChange={(template) => setFilterKey({ template, slot: undefined })}
          options={[1, 2].map((v) => ({ value: v, label: t('templateN', { n: v }) }))}
        />
        <Select
          allowClear
          aria-label={t('fields.slotOnly')}
          placeholder={t('fields.slotOnly')}
          style={{ width: 140 }}
          value={filter.slot}
          onChange={(slot) => setFilterKey({ slot })}
          options={TEMPLATE_SLOTS.filter((s) => !filter.template || s.template === filter.template)
            .map((s) => s.slot)
            .filter((v, i, a) => a.indexOf(v) === i)
            .map((v) => ({ value: v, label: t('slotN', { n: v }) }))}
        />
        <Input.Search
          allowClear
          aria-label={t('fields.name')}
          placeholder={t('fields.name')}
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          onSearch={(v) => setFilterKey({ name: v.trim() || undefined })}
          style={{ width: 220 }}
        />
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'grid' | 'list')}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('grid') },
            { value: 'list', icon: <BarsOutlined />, label: t('list') },
          ]}
        />
      </Space>

      {view === 'grid' ? (
        <>
          {materials.isError && !materials.data ? (
            <QueryError error={materials.error} onRetry={() => materials.refetch()} />
          ) : data.length === 0 && !materials.isLoading ? (
            <EmptyState {...empty} />
          ) : (
            <Row gutter={[16, 16]}>
              {data.map((m) => (
                <Col key={m.id} xs={12} sm={8} md={6} xl={4}>
                  <Card
                    size="small"
                    data-testid="material-card"
                    hoverable
                    cover={
                      <button
                        type="button"
                        onClick={() => setPreviewing(m)}
                        aria-label={t('previewOf', { name: m.name })}
                        style={{
                          height: 180,
                          background: '#000',
                          display: 'flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          border: 0,
                          padding: 0,
                          cursor: 'pointer',
                        }}
                      >
                        {m.kind === 'picture' ? (
                          <img
                            src={m.thumbnail ?? m.mdpath}
                            alt={m.name}
                            style={{ maxHeight: 180, maxWidth: '100%', objectFit: 'contain' }}
                          />
                        ) : m.kind === 'video' ? (
                          <MediaPreview media={toPreview(m)} maxWidth={160} maxHeight={180} controls={false} />
                        ) : (
                          <DocIcon kind={m.kind} />
                        )}
                      </button>
                    }
                    actions={actions(m).slice(1)}
                  >
                    <Card.Meta
                      title={<span title={m.name}>{m.name}</span>}
                      description={
                        <Space size={4} wrap>
                          <Tag>{t(`kinds.${m.kind}`)}</Tag>
                          <Tag>{t('templateSlot', { template: m.template, slot: m.slot })}</Tag>
                          {m.kind === 'video' && <Tag>{seconds(m.duration)}</Tag>}
                        </Space>
                      }
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={page.start / page.limit + 1}
            pageSize={page.limit}
            total={total}
            showSizeChanger
            pageSizeOptions={[12, 24, 48]}
            showTotal={(n) => t('total', { n })}
            onChange={(current, limit) => setPage({ start: (current - 1) * limit, limit })}
          />
        </>
      ) : (
        <Table<Material>
          rowKey="id"
          dataSource={data}
          pagination={{
            current: page.start / page.limit + 1,
            pageSize: page.limit,
            total,
            showSizeChanger: true,
            showTotal: (n) => t('total', { n }),
            onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
          }}
          {...listTable<Material>(
            [
              { title: t('fields.name'), dataIndex: 'name', size: 'name' },
              { title: t('fields.kind'), dataIndex: 'kind', size: 'tag', render: (k: string) => t(`kinds.${k}`) },
              {
                title: t('fields.slot'),
                size: 'tag',
                render: (_, m) => t('templateSlot', { template: m.template, slot: m.slot }),
              },
              {
                title: t('fields.pixels'),
                size: 'number',
                render: (_, m) => (m.width && m.height ? `${m.width}x${m.height}` : '-'),
              },
              { title: t('fields.size'), dataIndex: 'size', size: 'number', render: (n: number) => formatBytes(n) },
              {
                title: t('fields.duration'),
                dataIndex: 'duration',
                size: 'number',
                render: (ms: number) => seconds(ms),
              },
              {
                title: t('fields.createtime'),
                dataIndex: 'createtime',
                size: 'time',
                render: (s: number) => dayjs.unix(s).format(TIME),
              },
              {
                title: t('actions'),
                key: 'actions',
                size: 'actions',
                width: 260,
                render: (_, m) => <Space size={0}>{actions(m)}</Space>,
              },
            ],
            { query: materials, empty: empty },
          )}
        />
      )}

      <UploadDialog open={uploading} onClose={() => setUploading(false)} />

      <Modal
        open={previewing !== null}
        title={previewing?.name}
        footer={null}
        onCancel={() => setPreviewing(null)}
        width={560}
        destroyOnHidden
      >
        {previewing && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <MediaPreview media={toPreview(previewing)} maxWidth={480} maxHeight={560} />
            <Typography.Text type="secondary">
              {[
                t(`kinds.${previewing.kind}`),
                previewing.width && previewing.height ? `${previewing.width}x${previewing.height}` : null,
                formatBytes(previewing.size),
                previewing.kind === 'video' ? seconds(previewing.duration) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </Space>
        )}
      </Modal>

      <Modal
        open={editing !== null}
        title={t('editTitle')}
        onCancel={() => setEditing(null)}
        confirmLoading={update.isPending}
        onOk={() =>
          submitForm(form, message.error, async (values) => {
            try {
              await update.mutateAsync({ id: editing!.id, name: values.name.trim(), reLocation: values.reLocation });
              setEditing(null);
              message.success(t('saved'));
            } catch (error) {
              message.error(failureText(error));
            }
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          {editing?.kind !== 'video' && (
            <Form.Item name="reLocation" label={t('fields.reLocation')}>
              <Select
                options={['bf', 'tl', 'tr', 'bl', 'br', 'bc', 'tc'].map((v) => ({
                  value: v,
                  label: t(`positions.${v}`),
                }))}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
