import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { submitForm } from '../../../lib/form-errors';
import {
  type BlacklistEntry,
  type BlacklistKind,
  useAddBlacklist,
  useBlacklist,
  useRemoveBlacklist,
} from '../api/open-platform';
import { RemoveButton } from '../components/remove-button';
import { serverPaging } from '../components/server-paging';

const KINDS: readonly BlacklistKind[] = ['ip', 'client', 'account'];
const time = (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') : '-');

interface EntryForm {
  kind: BlacklistKind;
  value: string;
  reason?: string;
  expires?: Dayjs | null;
}

/** /openPlatform/blacklist: addresses (IP or CIDR), clients and accounts refused, with reason and expiry. */
export default function BlacklistPage() {
  const { t } = useTranslation('open-platform');
  const { message } = App.useApp();
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [kind, setKind] = useState<BlacklistKind | undefined>();
  const list = useBlacklist({ ...page, ...(kind ? { kind } : {}) });
  const add = useAddBlacklist();
  const remove = useRemoveBlacklist();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<EntryForm>();
  const kindOptions = KINDS.map((k) => ({ value: k, label: t(`blacklist.kinds.${k}`) }));

  return (
    <Card
      title={t('blacklist.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('blacklist.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('fields.kind')}
          aria-label={t('fields.kind')}
          value={kind}
          options={kindOptions}
          onChange={(v) => {
            setKind(v);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        />
      </Space>
      <Table<BlacklistEntry>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={serverPaging(page, list.data?.total, setPage)}
        {...listTable<BlacklistEntry>(
          [
            {
              title: t('fields.kind'),
              dataIndex: 'kind',
              size: 'tag',
              render: (v: BlacklistKind) => <Tag>{t(`blacklist.kinds.${v}`)}</Tag>,
            },
            { title: t('fields.value'), dataIndex: 'value', size: 'code' },
            { title: t('fields.reason'), dataIndex: 'reason', size: 'text' },
            { title: t('fields.expires'), dataIndex: 'expiresTime', size: 'time', render: time },
            { title: t('fields.createdBy'), dataIndex: 'createdBy', size: 'name' },
            { title: t('fields.created'), dataIndex: 'createTime', size: 'time', render: time },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 120,
              render: (_: unknown, e) => (
                <RemoveButton
                  confirm={t('blacklist.removeConfirm', { value: e.value })}
                  onRemove={() => remove.mutateAsync(e.id)}
                />
              ),
            },
          ],
          { query: list, empty: { filtered: Boolean(kind), hint: t('blacklist.emptyHint') } },
        )}
      />
      <Modal
        open={adding}
        title={t('blacklist.add')}
        confirmLoading={add.isPending}
        onCancel={() => setAdding(false)}
        onOk={() =>
          submitForm(form, message.error, async (v) => {
            await add.mutateAsync({
              kind: v.kind,
              value: v.value.trim(),
              reason: v.reason?.trim() ?? '',
              expiresTime: v.expires ? v.expires.unix() : null,
            });
            message.success(t('saved'));
            setAdding(false);
            form.resetFields();
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ kind: 'ip' }}>
          <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true }]}>
            <Select options={kindOptions} />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('fields.value')}
            extra={t('blacklist.valueHint')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="reason" label={t('fields.reason')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="expires" label={t('fields.expires')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
