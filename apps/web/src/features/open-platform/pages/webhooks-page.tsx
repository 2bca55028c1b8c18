import { PlusOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENTS } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listTable } from '../../../components/list-table';
import { submitForm } from '../../../lib/form-errors';
import {
  useApiUsers,
  useCreateWebhook,
  useEnableWebhook,
  useRemoveWebhook,
  useRotateWebhookSecret,
  useUpdateWebhookEvents,
  useWebhooks,
  type Webhook,
  type WebhookEvent,
} from '../api/open-platform';
import { RemoveButton } from '../components/remove-button';
import { SecretDialog } from '../components/secret-dialog';
import { serverPaging } from '../components/server-paging';

const time = (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') : '-');

interface WebhookForm {
  apiUserId: string;
  events: WebhookEvent[];
  url: string;
  enabled: boolean;
}

/** Applications to choose from, searched by name on the server. */
function ApplicationSelect(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const [search, setSearch] = useState('');
  const users = useApiUsers({ start: 0, limit: 20, ...(search ? { name: search } : {}) });
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      aria-label={props.placeholder}
      loading={users.isFetching}
      options={(users.data?.datas ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.clientId})` }))}
    />
  );
}

/**
 * /openPlatform/webhook: the applications' endpoints (Standard Webhooks: one address, one signing secret, the
 * events sent there); the signing secret is shown once, at creation and at each rotation.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('open-platform');
  const { message } = App.useApp();
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [apiUserId, setApiUserId] = useState<string | undefined>();
  const hooks = useWebhooks({ ...page, ...(apiUserId ? { apiUserId } : {}) });
  const create = useCreateWebhook();
  const enable = useEnableWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const setEvents = useUpdateWebhookEvents();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [form] = Form.useForm<WebhookForm>();
  const eventOptions = WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`webhooks.events.${e}`) }));

  return (
    <Card
      title={t('webhooks.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('webhooks.create')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <ApplicationSelect
          allowClear
          style={{ width: 280 }}
          placeholder={t('fields.application')}
          value={apiUserId}
          onChange={(v) => {
            setApiUserId(v);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        />
      </Space>
      <Table<Webhook>
        rowKey="id"
        dataSource={hooks.data?.datas ?? []}
        pagination={serverPaging(page, hooks.data?.total, setPage)}
        {...listTable<Webhook>(
          [
            { title: t('fields.application'), dataIndex: 'apiUserName', size: 'name' },
            {
              title: t('fields.events'),
              dataIndex: 'events',
              size: 'long',
              render: (v: WebhookEvent[], h) => (
                <Select
                  mode="multiple"
                  size="small"
                  style={{ minWidth: 200 }}
                  aria-label={t('webhooks.eventsOf', { url: h.url })}
                  value={v}
                  options={eventOptions}
                  loading={setEvents.isPending && setEvents.variables?.id === h.id}
                  onChange={async (events: WebhookEvent[]) => {
                    if (events.length === 0) return;
                    await setEvents.mutateAsync({ id: h.id, events });
                    message.success(t('saved'));
                  }}
                />
              ),
            },
            { title: t('fields.url'), dataIndex: 'url', size: 'long' },
            {
              title: t('fields.enabled'),
              dataIndex: 'enabled',
              size: 'tag',
              render: (v: boolean, h) => (
                <Switch
                  checked={v}
                  aria-label={t('webhooks.enableFor', { url: h.url })}
                  loading={enable.isPending && enable.variables?.id === h.id}
                  onChange={async (enabled) => {
                    await enable.mutateAsync({ id: h.id, enabled });
                    message.success(t('saved'));
                  }}
                />
              ),
            },
            { title: t('fields.created'), dataIndex: 'createTime', size: 'time', render: time },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              // Its links and buttons wrap: the columns beside it fit 1280 px.
              width: 240,
              render: (_: unknown, h) => (
                <Space wrap size={4}>
                  <Link to={`/openPlatform/webhookDelivery?webhookId=${h.id}`}>{t('webhooks.deliveries')}</Link>
                  <Popconfirm
                    title={t('webhooks.rotateConfirm', { url: h.url })}
                    onConfirm={async () => {
                      const rotated = await rotate.mutateAsync(h.id);
                      setSecret({ value: rotated.signingSecret, rotated: true });
                    }}
                  >
                    <Button size="small">{t('webhooks.rotate')}</Button>
                  </Popconfirm>
                  <RemoveButton
                    confirm={t('webhooks.removeConfirm', { url: h.url })}
                    onRemove={() => remove.mutateAsync(h.id)}
                  />
                </Space>
              ),
            },
          ],
          { query: hooks, empty: { filtered: Boolean(apiUserId), hint: t('webhooks.emptyHint') } },
        )}
      />
      <Modal
        open={adding}
        title={t('webhooks.create')}
        confirmLoading={create.isPending}
        onCancel={() => setAdding(false)}
        onOk={() =>
          submitForm(form, message.error, async (v) => {
            const created = await create.mutateAsync({ ...v, url: v.url.trim() });
            setAdding(false);
            form.resetFields();
            setSecret({ value: created.signingSecret, rotated: false });
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ enabled: true, events: ['audit.result'] }}>
          <Form.Item
            name="apiUserId"
            label={t('fields.application')}
            rules={[{ required: true, message: t('required') }]}
          >
            <ApplicationSelect placeholder={t('fields.application')} />
          </Form.Item>
          <Form.Item name="events" label={t('fields.events')} rules={[{ required: true, message: t('required') }]}>
            <Select mode="multiple" options={eventOptions} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('fields.url')}
            extra={`${t('webhooks.urlHint')} ${t('webhooks.duplicateHint')}`}
            rules={[
              { required: true, whitespace: true, message: t('required') },
              { pattern: /^\s*https?:\/\/\S+\s*$/, message: t('webhooks.urlInvalid') },
            ]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <SecretDialog
        open={secret !== null}
        title={t('webhooks.secretTitle')}
        warning={t('webhooks.secretOnce')}
        values={[{ label: t('fields.signingSecret'), value: secret?.value ?? '' }]}
        footnote={
          secret?.rotated ? `${t('webhooks.rotatedHint')} ${t('webhooks.signatureHint')}` : t('webhooks.signatureHint')
        }
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
