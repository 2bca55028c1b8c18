import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's search form: its fields inline (`children`), then search and reset. Reset empties the fields and
 * calls `onReset` (the list then shows its first page without filters). The texts come from the page's namespace.
 */
export function SearchForm<V>({
  form,
  name,
  initialValues,
  onSearch,
  onReset,
  searchText,
  resetText,
  children,
}: {
  form: FormInstance<V>;
  /** The form's name (prefixes the fields' ids). */
  name?: string;
  initialValues?: Partial<V>;
  onSearch: (values: V) => void;
  onReset: () => void;
  searchText: string;
  resetText: string;
  children: ReactNode;
}) {
  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {searchText}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {resetText}
        </Button>
      </Space>
    </Form>
  );
}
