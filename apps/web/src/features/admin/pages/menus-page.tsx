import { PlusOutlined } from '@ant-design/icons';
import { ROLES } from '@robot-ads/contracts/auth/roles';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { MENU_ICON_NAMES, MenuIcon } from '../../../layout/menu-icons';
import {
  type AdminMenu,
  type MenuSubmitInput,
  useMenuList,
  useMenuTree,
  useRemoveMenus,
  useSubmitMenu,
} from '../api/menus';
import { RemoveButton, useDialogSave } from '../components/admin-table';

type Row = Omit<AdminMenu, 'children'> & { children?: Row[] };
type Editing = { menu: AdminMenu | null; category: 1 | 2; parentId: string };
type FormValues = Required<Omit<MenuSubmitInput, 'id' | 'category'>>;

/** Empty children arrays would show an expand arrow on every leaf. */
function rows(items: readonly AdminMenu[]): Row[] {
  return items.map(({ children, ...rest }) => (children.length ? { ...rest, children: rows(children) } : rest));
}

/**
 * /system/menu: the menu tree (the catalogue in the code with the edits stored on the server) and the
 * button permission codes; super and admin edit labels, icons, order, parent, roles, account lists.
 */
export default function MenusPage() {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const list = useMenuList(name);
  const remove = useRemoveMenus();
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = useMemo(() => rows(list.data ?? []), [list.data]);

  return (
    <Card
      title={t('menus.title')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('menus.search')}
            aria-label={t('menus.search')}
            onSearch={(v) => setName(v.trim())}
            style={{ width: 220 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ menu: null, category: 1, parentId: '0' })}
          >
            {t('menus.addMenu')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ menu: null, category: 2, parentId: '0' })}>
            {t('menus.addButton')}
          </Button>
        </Space>
      }
    >
      <Table<Row>
        rowKey="id"
        dataSource={data}
        pagination={false}
        {...listTable<Row>(
          [
            {
              title: t('menus.name'),
              key: 'name',
              size: 'name',
              // Name, path, kind, state and the actions fit a 1280 px window (the state never under the actions).
              width: 220,
              render: (_: unknown, m) => (
                <Space size={6}>
                  {m.category === 1 ? <MenuIcon name={m.icon} /> : null}
                  <span>{m.name}</span>
                </Space>
              ),
            },
            {
              title: t('menus.pathOrCode'),
              key: 'code',
              size: 'code',
              width: 150,
              render: (_: unknown, m) => (m.category === 1 ? m.path : m.code),
            },
            {
              title: t('menus.category'),
              dataIndex: 'category',
              size: 'tag',
              render: (c: 1 | 2) => (c === 1 ? t('menus.categoryMenu') : t('menus.categoryButton')),
            },
            { title: t('menus.sort'), dataIndex: 'sort', size: 'number', minScreen: 1600 },
            {
              title: t('menus.roles'),
              key: 'roles',
              size: 'long',
              minScreen: 1600,
              render: (_: unknown, m) =>
                m.roles ? m.roles.map((r) => t(`roles.${r}`)).join(', ') : t('menus.everyone'),
            },
            {
              title: t('menus.state'),
              key: 'state',
              size: 'tag',
              width: 160,
              render: (_: unknown, m) => (
                <Space size={4} wrap>
                  {!m.seeded ? (
                    <Tag color="blue">{t('menus.added')}</Tag>
                  ) : m.changed ? (
                    <Tag color="orange">{t('menus.edited')}</Tag>
                  ) : null}
                  {m.hidden ? <Tag>{t('menus.hidden')}</Tag> : null}
                </Space>
              ),
            },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 200,
              render: (_: unknown, m) => (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({ menu: { ...m, children: [] }, category: m.category, parentId: m.parentId })
                    }
                  >
                    {t('edit')}
                  </Button>
                  {m.category === 1 ? (
                    <Button size="small" onClick={() => setEditing({ menu: null, category: 1, parentId: m.id })}>
                      {t('menus.addChild')}
                    </Button>
                  ) : null}
                  <RemoveButton
                    confirm={t('menus.removeConfirm', { name: m.name })}
                    remove={() => remove.mutateAsync([m.id])}
                  />
                </Space>
              ),
            },
          ],
          { query: list, empty: { filtered: Boolean(name), hint: t('menus.emptyHint') } },
        )}
      />
      {editing ? <MenuDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function MenuDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<FormValues>();
  const submit = useSubmitMenu();
  const tree = useMenuTree();
  const { menu, category } = editing;
  const isMenu = category === 1;
  const initial: Partial<FormValues> = {
    parentId: editing.parentId,
    path: menu?.path ?? '',
    code: menu?.code ?? '',
    nameZh: menu?.nameZh ?? '',
    nameEn: menu?.nameEn ?? '',
    query: menu?.query ?? '',
    icon: menu?.icon || undefined,
    sort: menu?.sort ?? 0,
    roles: (menu?.roles ?? []) as FormValues['roles'],
    include: menu?.include ?? [],
    exclude: menu?.exclude ?? [],
    hidden: menu?.hidden ?? false,
  };
  const save = useDialogSave(
    form,
    (v) =>
      submit.mutateAsync({
        ...v,
        ...(menu ? { id: menu.id } : {}),
        category,
        roles: v.roles && v.roles.length > 0 ? v.roles : null,
        path: isMenu && v.path ? v.path : undefined,
        code: !isMenu && v.code ? v.code : undefined,
      }),
    onClose,
  );
  const title = menu ? t('menus.editTitle', { name: menu.name }) : isMenu ? t('menus.addMenu') : t('menus.addButton');
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      confirmLoading={submit.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="parentId" label={t('menus.parent')}>
          <TreeSelect
            treeData={[{ title: t('menus.top'), value: '0', key: '0', children: tree.data ?? [] }]}
            treeDefaultExpandedKeys={['0']}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        {isMenu ? (
          <Form.Item
            name="path"
            label={t('menus.path')}
            extra={menu?.seeded ? t('menus.pathFixed') : t('menus.pathHint')}
            rules={[
              { required: true, message: t('menus.pathRequired') },
              { pattern: /^(\/[\w\-.]+)+$/, message: t('menus.pathInvalid') },
            ]}
          >
            <Input disabled={Boolean(menu?.seeded)} placeholder="/myiframe/docs" />
          </Form.Item>
        ) : (
          <Form.Item
            name="code"
            label={t('menus.code')}
            rules={[
              { required: true, message: t('menus.codeRequired') },
              { pattern: /^[a-z][a-z0-9_]{1,59}$/, message: t('menus.codeInvalid') },
            ]}
          >
            <Input disabled={Boolean(menu?.seeded)} placeholder="report_export" />
          </Form.Item>
        )}
        <Space.Compact block>
          <Form.Item
            name="nameZh"
            label={t('menus.nameZh')}
            style={{ flex: 1 }}
            rules={isMenu ? [{ required: true, whitespace: true, message: t('menus.nameRequired') }] : []}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="nameEn"
            label={t('menus.nameEn')}
            style={{ flex: 1 }}
            rules={isMenu ? [{ required: true, whitespace: true, message: t('menus.nameRequired') }] : []}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Space.Compact>
        {isMenu ? (
          <>
            <Form.Item name="icon" label={t('menus.icon')}>
              <Select
                allowClear
                showSearch
                options={MENU_ICON_NAMES.map((n) => ({
                  value: n,
                  label: (
                    <Space size={6}>
                      <MenuIcon name={n} />
                      {n}
                    </Space>
                  ),
                }))}
              />
            </Form.Item>
            <Form.Item name="query" label={t('menus.query')} extra={t('menus.queryHint')}>
              <Input maxLength={500} placeholder="src=https://docs.example.com" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="sort" label={t('menus.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="roles" label={t('menus.roles')} extra={t('menus.rolesHint')}>
          <Select mode="multiple" allowClear options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        <Form.Item name="include" label={t('menus.include')} extra={t('menus.accountsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Form.Item name="exclude" label={t('menus.exclude')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        {isMenu ? (
          <Form.Item name="hidden" label={t('menus.hiddenLabel')} valuePropName="checked" extra={t('menus.hiddenHint')}>
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
