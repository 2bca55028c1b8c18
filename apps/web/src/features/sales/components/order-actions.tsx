import type { OrderAction } from '@robot-ads/contracts/sales/sales.rules';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormFailure, submitForm } from '../../../lib/form-errors';
import { type Order, useReviewOrder, useTransitionOrder } from '../api/orders';

/** Actions that need a reason (spec section 4: a rejection needs a reason; so does a cancellation). */
const NEEDS_REASON: ReadonlySet<OrderAction> = new Set(['reject', 'cancel']);

/**
 * The buttons of the actions the state machine allows now (the server's `actions`), nothing else.
 * `only` limits them (the review page shows approve and reject; the order lists the rest).
 */
export function OrderActions({ order, only }: { order: Order; only: readonly OrderAction[] }) {
  const { t } = useTranslation('sales');
  const { message, modal } = App.useApp();
  const review = useReviewOrder();
  const transition = useTransitionOrder();
  const [reasonFor, setReasonFor] = useState<OrderAction | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const actions = order.actions.filter((a) => only.includes(a));

  const run = async (action: OrderAction, reason = '') => {
    if (action === 'approve' || action === 'reject')
      await review.mutateAsync({ id: order.id, approve: action === 'approve', reason });
    else await transition.mutateAsync({ id: order.id, action, reason });
    message.success(t('orders.actionDone', { action: t(`orderAction.${action}`) }));
  };
  const click = (action: OrderAction) => {
    if (NEEDS_REASON.has(action)) {
      form.resetFields();
      setReasonFor(action);
      return;
    }
    modal.confirm({
      title: t('orders.confirmAction', { action: t(`orderAction.${action}`), orderNo: order.orderNo }),
      onOk: () => run(action).catch((err: unknown) => showFormFailure(null, err, message.error)),
    });
  };

  if (actions.length === 0) return null;
  return (
    <>
      <Space wrap size={4}>
        {actions.map((a) => (
          <Button
            key={a}
            size="small"
            danger={a === 'reject' || a === 'cancel'}
            type={a === 'approve' ? 'primary' : 'default'}
            onClick={() => click(a)}
          >
            {t(`orderAction.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={reasonFor !== null}
        title={
          reasonFor ? t('orders.confirmAction', { action: t(`orderAction.${reasonFor}`), orderNo: order.orderNo }) : ''
        }
        confirmLoading={review.isPending || transition.isPending}
        onCancel={() => setReasonFor(null)}
        onOk={() =>
          submitForm(form, message.error, async ({ reason }) => {
            if (!reasonFor) return;
            await run(reasonFor, reason);
            setReasonFor(null);
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            rules={[{ required: true, whitespace: true, message: t('orders.reasonRequired') }]}
          >
            <Input.TextArea maxLength={200} aria-label={t('fields.reason')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
