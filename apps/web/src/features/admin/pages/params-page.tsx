import { Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminParam, type ParamSubmitInput, useParamsPage, useRemoveParams, useSubmitParam } from '../api/params';
import {
  AdminFormDialog,
  AdminListCard,
  editRemoveColumn,
  FilterForm,
  timeColumn,
  useDialogSave,
  usePaging,
} from '../components/admin-table';

type FormValues = Omit<ParamSubmitInput, 'id'>;

/**
 * /system/param: system parameters (paramName, paramKey, paramValue, remark). The built-in ones are read
 * by the code (pull-rate warning, free materials, iframe allow-list...) and take effect at once.
 */
export default function ParamsPage() {
  const { t } = useTranslation('admin');
  const { page, first, pagination } = usePaging();
  const [filter, setFilter] = useState<{ paramName?: string; paramKey?: string }>({});
  const list = useParamsPage({ ...page, ...filter });
  const remove = useRemoveParams();
  const [editing, setEditing] = useState<AdminParam | 'new' | null>(null);

  return (
    <AdminListCard<AdminParam>
      title={t('params.title')}
      createLabel={t('params.create')}
      onCreate={() => setEditing('new')}
      filter={
        <FilterForm<{ paramName?: string; paramKey?: string }>
          name="paramFilter"
          apply={(v) => {
            setFilter({ paramName: v.paramName?.trim() || undefined, paramKey: v.paramKey?.trim() || undefined });
            first();
          }}
        >
          <Form.Item name="paramName" label={t('params.paramName')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="paramKey" label={t('params.paramKey')}>
            <Input allowClear />
          </Form.Item>
        </FilterForm>
      }
      rows={list.data}
      pagination={pagination}
      query={list}
      empty={{ filtered: Boolean(filter.paramName || filter.paramKey), hint: t('params.emptyHint') }}
      columns={[
        { title: t('params.paramName'), dataIndex: 'paramName', size: 'name' },
        {
          title: t('params.paramKey'),
          dataIndex: 'paramKey',
          size: 'code',
          width: 220,
          render: (k: string, p) => (
            <Space size={4}>
              {k}
              {p.builtin ? <Tag>{t('params.builtin')}</Tag> : null}
            </Space>
          ),
        },
        { title: t('params.paramValue'), dataIndex: 'paramValue', size: 'long' },
        { title: t('remark'), dataIndex: 'remark', size: 'long', minScreen: 1440 },
        timeColumn<AdminParam>(t('updatetime'), 'updatetime'),
        editRemoveColumn<AdminParam>(t, setEditing, (p) =>
          p.builtin
            ? null
            : { confirm: t('params.removeConfirm', { name: p.paramName }), remove: () => remove.mutateAsync([p.id]) },
        ),
      ]}
    >
      {editing ? <ParamDialog param={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminListCard>
  );
}

function ParamDialog({ param, onClose }: { param: AdminParam | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<FormValues>();
  const submit = useSubmitParam();
  const save = useDialogSave(form, (v) => submit.mutateAsync({ ...v, ...(param ? { id: param.id } : {}) }), onClose);
  return (
    <AdminFormDialog<FormValues>
      title={param ? t('params.editTitle', { name: param.paramName }) : t('params.create')}
      form={form}
      onClose={onClose}
      save={save}
      saving={submit.isPending}
      initialValues={{
        paramName: param?.paramName ?? '',
        paramKey: param?.paramKey ?? '',
        paramValue: param?.paramValue ?? '',
        remark: param?.remark ?? '',
      }}
    >
      <Form.Item
        name="paramName"
        label={t('params.paramName')}
        rules={[{ required: true, whitespace: true, message: t('params.nameRequired') }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="paramKey"
        label={t('params.paramKey')}
        rules={[{ required: true, pattern: /^[A-Za-z][\w.-]{0,99}$/, message: t('params.keyRule') }]}
      >
        <Input maxLength={100} disabled={Boolean(param?.builtin)} />
      </Form.Item>
      <Form.Item name="paramValue" label={t('params.paramValue')}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </AdminFormDialog>
  );
}
