import { GRANT_TYPES } from '@robot-ads/contracts/admin/admin.schemas';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/checkbox-group-field';
import {
  type AdminClient,
  type ClientSubmitInput,
  useClientsPage,
  useRemoveClients,
  useSubmitClient,
} from '../api/clients';
import {
  AdminFormDialog,
  AdminListCard,
  editRemoveColumn,
  timeColumn,
  useDialogSave,
  usePaging,
} from '../components/admin-table';

type FormValues = Omit<ClientSubmitInput, 'id' | 'resetSecret'>;

/** /system/client: OAuth clients; a secret is shown once, when created or reset, and stored hashed. */
export default function ClientsPage() {
  const { t } = useTranslation('admin');
  const { page, first, pagination } = usePaging();
  const [clientId, setClientId] = useState('');
  const list = useClientsPage({ ...page, clientId: clientId || undefined });
  const remove = useRemoveClients();
  const [editing, setEditing] = useState<AdminClient | 'new' | null>(null);
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);

  return (
    <AdminListCard<AdminClient>
      title={t('clients.title')}
      createLabel={t('clients.create')}
      onCreate={() => setEditing('new')}
      tools={
        <Input.Search
          allowClear
          placeholder={t('clients.clientId')}
          aria-label={t('clients.clientId')}
          onSearch={(v) => {
            setClientId(v.trim());
            first();
          }}
          style={{ width: 220 }}
        />
      }
      rows={list.data}
      pagination={pagination}
      query={list}
      empty={{ filtered: Boolean(clientId), hint: t('clients.emptyHint') }}
      columns={[
        { title: t('clients.clientId'), dataIndex: 'clientId', size: 'code' },
        {
          title: t('clients.grantTypes'),
          dataIndex: 'grantTypes',
          size: 'long',
          render: (g: string[]) => g.map((x) => t(`grants.${x}`)).join(', '),
        },
        { title: t('clients.scope'), dataIndex: 'scope', size: 'text', minScreen: 1600 },
        { title: t('clients.accessTokenValidity'), dataIndex: 'accessTokenValidity', size: 'number' },
        {
          title: t('clients.refreshTokenValidity'),
          dataIndex: 'refreshTokenValidity',
          size: 'number',
          minScreen: 1440,
        },
        { title: t('remark'), dataIndex: 'remark', size: 'long', minScreen: 1600 },
        timeColumn<AdminClient>(t('updatetime'), 'updatetime'),
        editRemoveColumn<AdminClient>(t, setEditing, (c) => ({
          confirm: t('clients.removeConfirm', { name: c.clientId }),
          remove: () => remove.mutateAsync([c.id]),
        })),
      ]}
    >
      {editing ? (
        <ClientDialog
          client={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={(clientId, value) => setSecret({ clientId, secret: value })}
        />
      ) : null}
      <Modal
        open={secret !== null}
        title={t('clients.secretTitle', { name: secret?.clientId ?? '' })}
        onCancel={() => setSecret(null)}
        footer={null}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('clients.secretOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code data-testid="client-secret">
          {secret?.secret}
        </Typography.Paragraph>
      </Modal>
    </AdminListCard>
  );
}

function ClientDialog({
  client,
  onClose,
  onSecret,
}: {
  client: AdminClient | null;
  onClose: () => void;
  onSecret: (clientId: string, secret: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<FormValues>();
  const submit = useSubmitClient();
  const done = (saved: { clientId: string; clientSecret?: string }) => {
    if (saved.clientSecret) onSecret(saved.clientId, saved.clientSecret);
    onClose();
  };
  const saveOnly = useDialogSave(form, (v) => submit.mutateAsync({ ...v, ...(client ? { id: client.id } : {}) }), done);
  const saveWithNewSecret = useDialogSave(
    form,
    (v) => submit.mutateAsync({ ...v, ...(client ? { id: client.id } : {}), resetSecret: true }),
    done,
  );
  return (
    <AdminFormDialog<FormValues>
      title={client ? t('clients.editTitle', { name: client.clientId }) : t('clients.create')}
      form={form}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {client ? (
            <Popconfirm title={t('clients.resetConfirm')} onConfirm={saveWithNewSecret}>
              <Button loading={submit.isPending}>{t('clients.resetSecret')}</Button>
            </Popconfirm>
          ) : null}
          <Button type="primary" loading={submit.isPending} onClick={saveOnly}>
            {t('save')}
          </Button>
        </Space>
      }
      initialValues={{
        clientId: client?.clientId ?? '',
        grantTypes: client?.grantTypes ?? ['client_credentials'],
        scope: client?.scope ?? 'all',
        accessTokenValidity: client?.accessTokenValidity ?? 3600,
        refreshTokenValidity: client?.refreshTokenValidity ?? 604800,
        redirectUri: client?.redirectUri ?? '',
        remark: client?.remark ?? '',
      }}
    >
      <Form.Item
        name="clientId"
        label={t('clients.clientId')}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,60}$/, message: t('clients.clientIdRule') }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="grantTypes"
        label={t('clients.grantTypes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('clients.grantRequired') }]}
      >
        <CheckboxGroupField options={GRANT_TYPES.map((g) => ({ value: g, label: t(`grants.${g}`) }))} />
      </Form.Item>
      <Form.Item name="scope" label={t('clients.scope')}>
        <Input maxLength={200} />
      </Form.Item>
      <Space>
        <Form.Item name="accessTokenValidity" label={t('clients.accessTokenValidity')}>
          <InputNumber min={60} max={31_536_000} precision={0} />
        </Form.Item>
        <Form.Item name="refreshTokenValidity" label={t('clients.refreshTokenValidity')}>
          <InputNumber min={60} max={31_536_000} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="redirectUri" label={t('clients.redirectUri')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </AdminFormDialog>
  );
}
