import { Avatar, Card, Form, Input, Select, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable, serverPagination } from '../../../components/list-table';
import { SearchForm } from '../../../components/search-form';
import { useBlockWechatUser, useWechatUsers, type WechatUserDto, type WechatUserFilter } from '../api/wechat-users';

interface Search {
  keyword?: string;
  robotId?: string;
  blocked?: 'true' | 'false';
}

const fmt = (s: number) => dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss');

/** /wechat/userManage/index: who signed in from the mini-program, searchable, with the block switch. */
export default function WechatUsersPage() {
  const { t } = useTranslation('wechat');
  const [form] = Form.useForm<Search>();
  const [filter, setFilter] = useState<WechatUserFilter>({ start: 0, limit: 10 });
  const page = useWechatUsers(filter);
  const block = useBlockWechatUser();
  const saving = block.isPending ? block.variables?.id : undefined;

  const search = (values: Search) =>
    setFilter((f) => ({
      start: 0,
      limit: f.limit,
      keyword: values.keyword?.trim() || undefined,
      robotId: values.robotId?.trim() || undefined,
      blocked: values.blocked === undefined ? undefined : values.blocked === 'true',
    }));
  const dash = (v: string | null) => v || '-';

  return (
    <Card title={t('users.title')}>
      <SearchForm<Search>
        form={form}
        onSearch={search}
        onReset={() => search({})}
        searchText={t('search')}
        resetText={t('reset')}
      >
        <Form.Item name="keyword" label={t('users.keyword')}>
          <Input allowClear placeholder={t('users.keywordHint')} />
        </Form.Item>
        <Form.Item name="robotId" label={t('users.robot')}>
          <Input allowClear placeholder={t('users.robotHint')} />
        </Form.Item>
        <Form.Item name="blocked" label={t('users.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('users.all')}
            options={[
              { value: 'false', label: t('users.normal') },
              { value: 'true', label: t('users.blocked') },
            ]}
          />
        </Form.Item>
      </SearchForm>
      <Table<WechatUserDto>
        rowKey="id"
        dataSource={page.data?.datas ?? []}
        pagination={{
          ...serverPagination(filter, page.data?.total, (p) => setFilter((f) => ({ ...f, ...p }))),
          showTotal: (total) => t('total', { count: total }),
        }}
        {...listTable<WechatUserDto>(
          [
            {
              title: t('users.avatar'),
              dataIndex: 'avatarUrl',
              size: 'media',
              render: (url: string, row) => (
                <Avatar src={url || undefined} alt={row.nickname || row.openid}>
                  {(row.nickname || row.openid).slice(0, 1)}
                </Avatar>
              ),
            },
            { title: t('users.nickname'), dataIndex: 'nickname', size: 'name', render: dash },
            { title: t('users.openid'), dataIndex: 'openid', size: 'code', minScreen: 1440 },
            { title: t('users.phone'), dataIndex: 'phone', size: 'code', render: dash },
            {
              title: t('users.robotColumn'),
              dataIndex: 'robotId',
              size: 'text',
              width: 160,
              render: (robotId: string | null, row) => (robotId ? `${row.robotName ?? ''} (${robotId})` : '-'),
            },
            { title: t('users.firstVisit'), dataIndex: 'firstVisit', size: 'time', render: fmt, minScreen: 1600 },
            { title: t('users.lastVisit'), dataIndex: 'lastVisit', size: 'time', render: fmt },
            {
              title: t('users.blockColumn'),
              dataIndex: 'blocked',
              size: 'tag',
              width: 130,
              render: (blocked: boolean, row) => (
                <Switch
                  checked={blocked}
                  loading={saving === row.id}
                  aria-label={t('users.blockFor', { name: row.nickname || row.openid })}
                  checkedChildren={t('users.blocked')}
                  unCheckedChildren={t('users.normal')}
                  onChange={(next) => block.mutate({ id: row.id, blocked: next })}
                />
              ),
            },
          ],
          {
            query: page,
            empty: {
              filtered: Boolean(filter.keyword || filter.robotId || filter.blocked !== undefined),
              hint: t('users.emptyHint'),
              who: t('users.emptyWho'),
            },
          },
        )}
      />
    </Card>
  );
}
