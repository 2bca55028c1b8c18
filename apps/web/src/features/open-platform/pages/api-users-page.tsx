import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { TextSearch } from '../../../components/text-search';
import { submitForm } from '../../../lib/form-errors';
import {
  type ApiUser,
  useAccountOptions,
  useApiUsers,
  useInterfaces,
  useRemoveApiUser,
  useRotateSecret,
  useSaveApiUser,
} from '../api/open-platform';
import { useInterfaceSummary } from '../components/interface-summary';
import { RemoveButton } from '../components/remove-button';
import { SecretDialog } from '../components/secret-dialog';
import { serverPaging } from '../components/server-paging';

interface ApiUserForm {
  name: string;
  accountId: string;
  contact?: string;
  interfaces: string[];
  ipRanges: string[];
  rateLimit: number;
  dailyQuota: number;
  validity?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

const time = (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm') : '-');

/** /openPlatform/user/user: partner applications; the client secret is shown once, at creation or rotation. */
export default function ApiUsersPage() {
  const { t, i18n } = useTranslation('open-platform');
  const { message } = App.useApp();
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [search, setSearch] = useState('');
  const users = useApiUsers({ ...page, ...(search ? { name: search } : {}) });
  const interfaces = useInterfaces();
  const describe = useInterfaceSummary();
  const [accountSearch, setAccountSearch] = useState('');
  const accounts = useAccountOptions(accountSearch);
  const save = useSaveApiUser();
  const rotate = useRotateSecret();
  const remove = useRemoveApiUser();
  const [editing, setEditing] = useState<ApiUser | 'new' | null>(null);
  const [secret, setSecret] = useState<{ clientId: string; clientSecret: string } | null>(null);
  const [form] = Form.useForm<ApiUserForm>();
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'zh-CN');

  const open = (user: ApiUser | 'new') => {
    setEditing(user);
    form.setFieldsValue(
      user === 'new'
        ? {
            name: '',
            contact: '',
            interfaces: [],
            ipRanges: [],
            rateLimit: 60,
            dailyQuota: 10000,
            enabled: true,
            validity: null,
          }
        : {
            name: user.name,
            accountId: user.accountId,
            contact: user.contact,
            interfaces: user.interfaces,
            ipRanges: user.ipRanges,
            rateLimit: user.rateLimit,
            dailyQuota: user.dailyQuota,
            enabled: user.enabled,
            validity: [
              user.validFrom ? dayjs.unix(user.validFrom) : null,
              user.validUntil ? dayjs.unix(user.validUntil) : null,
            ],
          },
    );
  };

  const submit = () =>
    submitForm(form, message.error, async (v) => {
      const body = {
        name: v.name.trim(),
        accountId: v.accountId,
        contact: v.contact?.trim() ?? '',
        interfaces: v.interfaces,
        ipRanges: v.ipRanges.map((r) => r.trim()).filter(Boolean),
        rateLimit: v.rateLimit,
        dailyQuota: v.dailyQuota,
        validFrom: v.validity?.[0] ? v.validity[0].unix() : null,
        validUntil: v.validity?.[1] ? v.validity[1].unix() : null,
        enabled: v.enabled,
      };
      const id = editing !== 'new' && editing ? editing.id : undefined;
      const saved = await save.mutateAsync({ id, body });
      setEditing(null);
      const created = id ? null : (saved as ApiUser & { clientSecret: string });
      if (created) setSecret({ clientId: created.clientId, clientSecret: created.clientSecret });
      else message.success(t('saved'));
    });

  const currentAccount = editing && editing !== 'new' ? editing : null;
  const accountOptions = [
    ...(currentAccount ? [{ value: currentAccount.accountId, label: currentAccount.accountName }] : []),
    ...(accounts.data?.datas ?? [])
      .filter((a) => a.id !== currentAccount?.accountId)
      .map((a) => ({ value: a.id, label: `${a.name || a.username} (${a.username})` })),
  ];

  return (
    <Card
      title={t('apiUsers.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('apiUsers.create')}
        </Button>
      }
    >
      <TextSearch
        label={t('fields.name')}
        buttonText={t('search')}
        onSearch={(text) => {
          setSearch(text);
          setPage((p) => ({ ...p, start: 0 }));
        }}
      />
      <Table<ApiUser>
        rowKey="id"
        dataSource={users.data?.datas ?? []}
        pagination={serverPaging(page, users.data?.total, setPage)}
        {...listTable<ApiUser>(
          [
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.clientId'), dataIndex: 'clientId', size: 'code' },
            { title: t('fields.account'), dataIndex: 'accountName', size: 'name', minScreen: 1440 },
            { title: t('fields.contact'), dataIndex: 'contact', size: 'text', minScreen: 1600 },
            {
              title: t('fields.interfaces'),
              dataIndex: 'interfaces',
              size: 'number',
              render: (v: string[]) => number.format(v.length),
            },
            {
              title: t('fields.limits'),
              key: 'limits',
              size: 'text',
              render: (_: unknown, u) =>
                t('apiUsers.limits', { rate: number.format(u.rateLimit), quota: number.format(u.dailyQuota) }),
            },
            {
              title: t('fields.validity'),
              minScreen: 1600,
              key: 'validity',
              size: 'period',
              render: (_: unknown, u) => `${time(u.validFrom)} ~ ${time(u.validUntil)}`,
            },
            {
              title: t('fields.enabled'),
              dataIndex: 'enabled',
              size: 'tag',
              render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('on') : t('off')}</Tag>,
            },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 270,
              render: (_: unknown, u) => (
                <Space wrap>
                  <Button size="small" onClick={() => open(u)}>
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('apiUsers.rotateConfirm', { name: u.name })}
                    onConfirm={async () => {
                      const rotated = await rotate.mutateAsync(u.id);
                      setSecret({ clientId: rotated.clientId, clientSecret: rotated.clientSecret });
                    }}
                  >
                    <Button size="small">{t('apiUsers.rotate')}</Button>
                  </Popconfirm>
                  <RemoveButton
                    confirm={t('apiUsers.removeConfirm', { name: u.name })}
                    onRemove={() => remove.mutateAsync(u.id)}
                  />
                </Space>
              ),
            },
          ],
          { query: users, empty: { filtered: Boolean(search), hint: t('apiUsers.emptyHint') } },
        )}
      />

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('apiUsers.create') : t('apiUsers.editTitle')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={submit}
        width={640}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('fields.name')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="accountId"
            label={t('fields.account')}
            extra={t('apiUsers.accountHint')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Select
              showSearch
              filterOption={false}
              onSearch={setAccountSearch}
              options={accountOptions}
              loading={accounts.isFetching}
            />
          </Form.Item>
          <Form.Item name="contact" label={t('fields.contact')}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="interfaces" label={t('fields.interfaces')}>
            <Select
              mode="multiple"
              options={(interfaces.data ?? []).map((i) => ({ value: i.key, label: `${i.key} — ${describe(i)}` }))}
            />
          </Form.Item>
          <Form.Item name="ipRanges" label={t('fields.ipRanges')} extra={t('apiUsers.ipHint')}>
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Space size="large">
            <Form.Item
              name="rateLimit"
              label={t('fields.rateLimit')}
              rules={[{ required: true, message: t('required') }]}
            >
              <InputNumber min={1} max={100000} precision={0} />
            </Form.Item>
            <Form.Item
              name="dailyQuota"
              label={t('fields.dailyQuota')}
              rules={[{ required: true, message: t('required') }]}
            >
              <InputNumber min={1} max={100000000} precision={0} />
            </Form.Item>
            <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="validity" label={t('fields.validity')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>

      <SecretDialog
        open={secret !== null}
        title={t('apiUsers.secretTitle')}
        warning={t('apiUsers.secretOnce')}
        values={[
          { label: t('fields.clientId'), value: secret?.clientId ?? '' },
          { label: t('fields.clientSecret'), value: secret?.clientSecret ?? '' },
        ]}
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
