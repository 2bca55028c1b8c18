import type { TwoFactorChannel } from '@robot-ads/contracts/auth/two-factor.schemas';
import { Card, Form, Input, Select, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { SearchForm } from '../../../components/search-form';
import {
  type TwoFactorConfigDto,
  type TwoFactorFilter,
  useTwoFactorPage,
  useTwoFactorUpsert,
} from '../api/two-factor-config';

interface Search {
  account: string;
  name: string;
}

/** /account/loginConfig/loginConfig: two-factor login of advertiser accounts (superusers' menu). */
export default function LoginConfigPage() {
  const { t } = useTranslation('login-config');
  const [form] = Form.useForm<Search>();
  const [filter, setFilter] = useState<TwoFactorFilter>({ start: 0, limit: 10 });
  const page = useTwoFactorPage(filter);
  const upsert = useTwoFactorUpsert();
  const saving = upsert.isPending ? upsert.variables?.userId : undefined;

  const save = (row: TwoFactorConfigDto, change: { enabled?: boolean; channel?: TwoFactorChannel }) => {
    upsert.mutate({
      userId: row.userId,
      enabled: change.enabled ?? row.enabled,
      channel: change.channel ?? row.channel,
    });
  };

  const search = (values: Search) =>
    setFilter((f) => ({
      start: 0,
      limit: f.limit,
      account: values.account?.trim() || undefined,
      name: values.name?.trim() || undefined,
    }));

  const dash = (v: string | null) => v || '-';

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <SearchForm<Search>
        form={form}
        onSearch={search}
        onReset={() => search({ account: '', name: '' })}
        searchText={t('search')}
        resetText={t('reset')}
      >
        <Form.Item name="account" label={t('fields.account')}>
          <Input allowClear placeholder={t('searchAccount')} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear placeholder={t('searchName')} />
        </Form.Item>
      </SearchForm>
      <Table<TwoFactorConfigDto>
        rowKey="userId"
        dataSource={page.data?.datas ?? []}
        pagination={{
          current: filter.start / filter.limit + 1,
          pageSize: filter.limit,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setFilter((f) => ({ ...f, start: (current - 1) * limit, limit })),
        }}
        {...listTable<TwoFactorConfigDto>(
          [
            { title: t('fields.account'), dataIndex: 'account', size: 'code' },
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.customer'), dataIndex: 'customerName', size: 'name', render: dash },
            { title: t('fields.phone'), dataIndex: 'phone', size: 'code', render: dash },
            { title: t('fields.email'), dataIndex: 'email', size: 'text', width: 200, render: dash },
            {
              title: t('fields.enabled'),
              dataIndex: 'enabled',
              size: 'tag',
              render: (enabled: boolean, row) => (
                <Switch
                  checked={enabled}
                  loading={saving === row.userId}
                  aria-label={t('enabledFor', { account: row.account })}
                  checkedChildren={t('on')}
                  unCheckedChildren={t('off')}
                  onChange={(next) => save(row, { enabled: next })}
                />
              ),
            },
            {
              title: t('fields.channel'),
              dataIndex: 'channel',
              size: 'tag',
              width: 170,
              render: (channel: TwoFactorChannel, row) => (
                <Select<TwoFactorChannel>
                  value={channel}
                  style={{ width: 130 }}
                  disabled={saving === row.userId}
                  aria-label={t('channelFor', { account: row.account })}
                  onChange={(next) => save(row, { channel: next })}
                  options={[
                    { value: 'sms', label: t('channels.sms') },
                    { value: 'email', label: t('channels.email') },
                  ]}
                />
              ),
            },
          ],
          {
            query: page,
            empty: { filtered: Boolean(filter.account || filter.name), hint: t('emptyHint'), who: t('emptyWho') },
          },
        )}
      />
    </Card>
  );
}
