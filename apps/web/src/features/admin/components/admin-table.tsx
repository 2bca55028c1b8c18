import { App, Button, Form, type FormInstance, Popconfirm, Space, type TablePaginationConfig } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/list-table';
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
    <Form<V> form={form} name={name} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={apply}>
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            apply({});
          }}
        >
          {t('reset')}
        </Button>
      </Space>
    </Form>
  );
}
