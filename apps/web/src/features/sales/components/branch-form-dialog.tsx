import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { type Branch, useAgentOptions, useSaveBranch } from '../api/branches';
import { saveForm } from './save-form';

interface BranchForm {
  name: string;
  accountId: string;
  regions: { province: string; city?: string }[];
}

/** A regional account: its name, the agent (an operator account) and the provinces or cities it sells in. */
export function BranchFormDialog({ branch, onClose }: { branch: Branch | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const [form] = Form.useForm<BranchForm>();
  const [search, setSearch] = useState('');
  const agents = useAgentOptions(search);
  const save = useSaveBranch();
  const editing = branch !== null && branch !== 'new' ? branch : null;
  const language = lang();
  const agentOptions = (agents.data?.datas ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.account})` }));
  if (editing && !agentOptions.some((o) => o.value === editing.accountId))
    agentOptions.unshift({ value: editing.accountId, label: editing.accountName });
  return (
    <Modal
      open={branch !== null}
      title={t(editing ? 'branches.edit' : 'branches.create')}
      okText={t('save')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const body = {
          name: v.name,
          accountId: v.accountId,
          regions: v.regions.map((r) => ({ province: r.province, city: r.city ?? '' })),
        };
        if (await saveForm(form, message.error, () => save.mutateAsync(editing ? { ...body, id: editing.id } : body))) {
          message.success(t(editing ? 'saved' : 'created'));
          onClose();
        }
      }}
    >
      <Form<BranchForm>
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? { name: editing.name, accountId: editing.accountId, regions: editing.regions }
            : { regions: [{ province: '' }] }
        }
      >
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, min: 2, max: 15, message: messageFor('NAME_LENGTH', language) }]}
        >
          <Input aria-label={t('fields.name')} />
        </Form.Item>
        <Form.Item
          name="accountId"
          label={t('fields.account')}
          rules={[{ required: true, message: t('branches.accountRequired') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={t('fields.account')}
            loading={agents.isFetching}
            options={agentOptions}
          />
        </Form.Item>
        <Form.List
          name="regions"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.length) throw new Error(t('branches.regionRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t('fields.regions')}>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    name={[f.name, 'province']}
                    rules={[{ required: true, whitespace: true, message: t('fields.province') }]}
                  >
                    <Input placeholder={t('fields.province')} aria-label={t('fields.province')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'city']}>
                    <Input placeholder={t('branches.wholeProvince')} aria-label={t('fields.city')} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ province: '' })}>
                {t('branches.addRegion')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
