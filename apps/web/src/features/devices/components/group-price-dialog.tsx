import { messageFor } from '@robot-ads/contracts/common/errors';
import { amountSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { useGroupOptions, useSetGroupPrice } from '../api/prices';

/** One weekly price (yuan) for every robot of an ad group (price per group of robots). */
export function GroupPriceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const groups = useGroupOptions(search);
  const setPrice = useSetGroupPrice();
  const [form] = Form.useForm<{ groupId: string; price: number }>();
  const invalid = messageFor('AMOUNT_INVALID', lang());
  return (
    <Modal
      open={open}
      title={t('prices.groupPrice')}
      confirmLoading={setPrice.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        submitForm(form, message.error, async (v) => {
          try {
            await setPrice.mutateAsync(v);
            message.success(t('details.saved'));
            onClose();
          } catch (err) {
            message.error((err as Error).message);
          }
        })
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="groupId"
          label={t('prices.group')}
          rules={[{ required: true, message: t('prices.groupRequired') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={t('prices.group')}
            loading={groups.isFetching}
            options={(groups.data?.datas ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('fields.price')}
          extra={t('prices.groupPriceHint')}
          rules={[
            { required: true, message: invalid },
            {
              validator: async (_, v) => {
                if (v !== undefined && v !== null && !amountSchema.safeParse(v).success) throw new Error(invalid);
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} aria-label={t('fields.price')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
