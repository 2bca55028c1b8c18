import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../../../components/region-cascader';
import { type Branch, useAgentOptions, useSaveBranch } from '../api/branches';
import { SalesFormDialog, SalesNameField } from './sales-form-dialog';

interface BranchForm {
  name: string;
  accountId: string;
  regions: { province: string; city?: string }[];
}

/** A regional account: its name, the agent (an operator account) and the provinces or cities it sells in. */
export function BranchFormDialog({ branch, onClose }: { branch: Branch | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const [form] = Form.useForm<BranchForm>();
  const [search, setSearch] = useState('');
  const agents = useAgentOptions(search);
  const save = useSaveBranch();
  const editing = branch !== null && branch !== 'new' ? branch : null;
  const agentOptions = (agents.data?.datas ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.account})` }));
  if (editing && !agentOptions.some((o) => o.value === editing.accountId))
    agentOptions.unshift({ value: editing.accountId, label: editing.accountName });
  return (
    <SalesFormDialog<BranchForm, { name: string; accountId: string; regions: { province: string; city: string }[] }>
      kind="branches"
      open={branch !== null}
      editingId={editing?.id ?? null}
      form={form}
      saving={save.isPending}
      body={(v) => ({
        name: v.name,
        accountId: v.accountId,
        regions: v.regions.map((r) => ({ province: r.province, city: r.city ?? '' })),
      })}
      save={(body) => save.mutateAsync(body)}
      onClose={onClose}
      initialValues={
        editing
          ? { name: editing.name, accountId: editing.accountId, regions: editing.regions }
          : { regions: [{ province: '' }] }
      }
    >
      <SalesNameField />
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
                  name={f.name}
                  extra={t('branches.regionHint')}
                  rules={[
                    {
                      validator: async (_, v?: { province?: string }) => {
                        if (!v?.province) throw new Error(t('fields.province'));
                      },
                    },
                  ]}
                  style={{ width: 360 }}
                >
                  <RegionCascader depth={2} aria-label={t('fields.regions')} />
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
    </SalesFormDialog>
  );
}
