import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Form,
  type FormInstance,
  type FormProps,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TablePaginationConfig,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, type ListQuery, listTable } from '../../../components/list-table';
import { SearchForm } from '../../../components/search-form';
import { saveErrorText } from './save-error';

/** Server paging of a list: `page` goes to the call, `first()` after a filter change, `pagination(total)` to the table. */
export function usePaging() {
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page.start / page.limit + 1,
    pageSize: page.limit,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
  });
  return { page, first: () => setPage((p) => ({ ...p, start: 0 })), pagination };
}

/** A `YYYY-MM-DD HH:mm:ss` column of unix seconds. */
export function timeColumn<T>(title: string, dataIndex: keyof T & string): ListColumn<T> {
  return { title, dataIndex, size: 'time', render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') };
}

/** A row's remove button, confirmed first; says so once done. */
export function RemoveButton({ confirm, remove }: { confirm: string; remove: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={confirm}
      onConfirm={async () => {
        await remove();
        message.success(t('removed'));
      }}
    >
      <Button size="small" danger>
        {t('remove')}
      </Button>
    </Popconfirm>
  );
}

/**
 * A dialog's save: validates the form, calls `submit`, says so and runs `done`; a failure goes on the field
 * the server names, or in a toast, and the dialog stays open.
 */
export function useDialogSave<V, R>(
  form: FormInstance<V>,
  submit: (values: V) => Promise<R>,
  done: (result: R) => void,
) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  return async () => {
    try {
      const result = await submit(await form.validateFields());
      message.success(t('saved'));
      done(result);
    } catch (error) {
      const text = saveErrorText(form, error, t('saveFailed'));
      if (text) message.error(text);
    }
  };
}

/**
 * A list's filter: an inline form with search and reset; `apply` gets the form's values (reset: none),
 * and the list goes back to its first page.
 */
export function FilterForm<V extends object>({
  name,
  apply,
  children,
}: {
  name: string;
  apply: (values: Partial<V>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<V>();
  return (
    <SearchForm<V>
      form={form}
      name={name}
      onSearch={apply}
      onReset={() => apply({})}
      searchText={t('search')}
      resetText={t('reset')}
    >
      {children}
    </SearchForm>
  );
}

/**
 * A list page of system administration: the card with its title and create button (beside `tools`), an
 * optional filter, the table paged on the server with its empty state, then the page's dialogs (`children`).
 */
export function AdminListCard<T extends { id: string }>({
  title,
  createLabel,
  onCreate,
  tools,
  filter,
  rows,
  pagination,
  columns,
  query,
  empty,
  children,
}: {
  title: string;
  createLabel: string;
  onCreate: () => void;
  tools?: ReactNode;
  filter?: ReactNode;
  rows: { total: number; datas: T[] } | undefined;
  pagination: (total: number | undefined) => TablePaginationConfig;
  columns: ListColumn<T>[];
  query: ListQuery;
  empty: { filtered: boolean; hint: string };
  children?: ReactNode;
}) {
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
      {createLabel}
    </Button>
  );
  return (
    <Card
      title={title}
      extra={
        tools ? (
          <Space wrap>
            {tools}
            {create}
          </Space>
        ) : (
          create
        )
      }
    >
      {filter}
      <Table<T>
        rowKey="id"
        dataSource={rows?.datas ?? []}
        pagination={pagination(rows?.total)}
        {...listTable<T>(columns, { query, empty })}
      />
      {children}
    </Card>
  );
}

/** The actions column of an administration list: edit, and remove (confirmed) where `removal` gives one. */
export function editRemoveColumn<T>(
  t: (key: string) => string,
  onEdit: (row: T) => void,
  removal: (row: T) => { confirm: string; remove: () => Promise<unknown> } | null,
): ListColumn<T> {
  return {
    title: t('actions'),
    key: 'actions',
    size: 'actions',
    width: 160,
    render: (_: unknown, row) => {
      const r = removal(row);
      return (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(row)}>
            {t('edit')}
          </Button>
          {r ? <RemoveButton confirm={r.confirm} remove={r.remove} /> : null}
        </Space>
      );
    },
  };
}

/** An administration dialog around a vertical form; OK (or the `footer`'s buttons) saves. */
export function AdminFormDialog<V>({
  title,
  form,
  initialValues,
  onClose,
  save,
  saving,
  footer,
  children,
}: {
  title: string;
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onClose: () => void;
  children: ReactNode;
} & (
  | { save: () => void; saving: boolean; footer?: undefined }
  | { footer: ReactNode; save?: undefined; saving?: undefined }
)) {
  const { t } = useTranslation('admin');
  const actions = footer === undefined ? { onOk: save, okText: t('save'), confirmLoading: saving } : { footer };
  return (
    <Modal open title={title} onCancel={onClose} {...actions} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
