import { messageFor } from '@robot-ads/contracts/common/errors';
import { amountSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { App, Button, Card, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { useSetPrice } from '../api/devices';
import { GroupPriceDialog } from '../components/group-price-dialog';
import { PriceHistoryDrawer } from '../components/price-history-drawer';
import { RobotList, useRobotList } from '../components/robot-list';

/** /screenPriceManage: the price per week in yuan (above zero, at most 2 decimals), for selected screens. */
export default function ScreenPricePage() {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const list = useRobotList();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const [groupPrice, setGroupPrice] = useState(false);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const setPrice = useSetPrice();
  const [form] = Form.useForm<{ price: number }>();
  const openFor = (ids: string[]) => {
    setSelected(ids);
    form.resetFields();
    setEditing(true);
  };
  return (
    <Card
      title={t('screens.priceTitle')}
      extra={
        <Space>
          {selected.length > 0 && (
            <Typography.Text>{t('screens.selected', { count: selected.length })}</Typography.Text>
          )}
          <Button onClick={() => setGroupPrice(true)}>{t('prices.groupPrice')}</Button>
          <Button type="primary" disabled={selected.length === 0} onClick={() => openFor(selected)}>
            {t('screens.setPrice')}
          </Button>
        </Space>
      }
    >
      <RobotList
        list={list}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        extraColumns={[
          {
            title: t('fields.price'),
            dataIndex: 'price',
            size: 'number',
            width: 100,
            render: (v: number | null) => (v !== null ? v.toFixed(2) : '-'),
          },
          {
            title: t('fields.actions'),
            key: 'a',
            size: 'actions',
            width: 180,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => openFor([r.robotId])}>
                  {t('screens.setPrice')}
                </Button>
                <Button size="small" onClick={() => setHistoryOf(r.robotId)}>
                  {t('prices.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <GroupPriceDialog open={groupPrice} onClose={() => setGroupPrice(false)} />
      <PriceHistoryDrawer robotId={historyOf} onClose={() => setHistoryOf(null)} />
      <Modal
        open={editing}
        title={t('screens.setPrice')}
        confirmLoading={setPrice.isPending}
        onCancel={() => setEditing(false)}
        onOk={() =>
          submitForm(form, message.error, async ({ price }) => {
            await setPrice.mutateAsync({ robotIds: selected, price });
            message.success(t('details.saved'));
            setEditing(false);
            setSelected([]);
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="price"
            label={t('screens.priceFor', { count: selected.length })}
            rules={[
              { required: true, message: messageFor('AMOUNT_INVALID', lang()) },
              {
                validator: async (_, v) => {
                  if (v === undefined || v === null) return;
                  if (!amountSchema.safeParse(v).success) throw new Error(messageFor('AMOUNT_INVALID', lang()));
                },
              },
            ]}
          >
            <InputNumber
              style={{ width: '100%' }}
              placeholder={t('screens.pricePlaceholder')}
              aria-label={t('fields.price')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
