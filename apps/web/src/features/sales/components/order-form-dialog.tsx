import { messageFor } from '@robot-ads/contracts/common/errors';
import { ORDER_WEEKS_MAX, ORDER_WEEKS_MIN } from '@robot-ads/contracts/sales/sales.rules';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerEmpty } from '../../../components/picker-empty';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { useCreateOrder, usePlanOptions, useQuote, useRobotOptions } from '../api/orders';
import { fenToYuanNumber, formatFen, yuanToFen } from '../money';
import { AmountField } from './amount-field';

interface OrderFormValues {
  name: string;
  playlistId: string;
  robotIds: string[];
  weeks: number;
  begin?: Dayjs;
  amount?: string;
  overrideReason?: string;
}

/**
 * A new order from a delivery plan: the plan, its devices and the weeks give the amount from the prices
 * (asked of the server, line by line); a salesperson may type another amount with a reason.
 */
export function OrderFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const [form] = Form.useForm<OrderFormValues>();
  const [planSearch, setPlanSearch] = useState('');
  const [robotSearch, setRobotSearch] = useState('');
  const plans = usePlanOptions(planSearch);
  const robots = useRobotOptions(robotSearch);
  const create = useCreateOrder();
  const playlistId = Form.useWatch('playlistId', form);
  const robotIds = Form.useWatch('robotIds', form);
  const weeks = Form.useWatch('weeks', form);
  const amount = Form.useWatch('amount', form);
  const booking = useMemo(
    () =>
      playlistId && robotIds?.length && Number.isInteger(weeks) && weeks >= ORDER_WEEKS_MIN && weeks <= ORDER_WEEKS_MAX
        ? { playlistId, robotIds, weeks }
        : null,
    [playlistId, robotIds, weeks],
  );
  const quote = useQuote(booking);
  const overridden = yuanToFen(amount) !== null;
  const language = lang();

  const submit = async () => {
    const saved = await submitForm(form, message.error, (v) => {
      const fen = yuanToFen(v.amount);
      return create.mutateAsync({
        name: v.name,
        playlistId: v.playlistId,
        robotIds: v.robotIds,
        weeks: v.weeks,
        begin: v.begin ? v.begin.startOf('day').unix() : undefined,
        ...(fen !== null ? { amount: fenToYuanNumber(fen), overrideReason: v.overrideReason } : {}),
      });
    });
    if (saved) {
      message.success(t('created'));
      form.resetFields();
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      title={t('orders.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={create.isPending}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ weeks: 1, begin: dayjs() }} data-testid="order-form">
        <Form.Item
          name="name"
          label={t('fields.orderName')}
          rules={[{ required: true, min: 2, max: 50, message: messageFor('ORDER_NAME_LENGTH', language) }]}
        >
          <Input aria-label={t('fields.orderName')} />
        </Form.Item>
        <Form.Item
          name="playlistId"
          label={t('fields.plan')}
          rules={[{ required: true, message: t('orders.planRequired') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setPlanSearch }}
            aria-label={t('fields.plan')}
            loading={plans.isFetching}
            notFoundContent={
              plans.isFetching ? undefined : (
                <PickerEmpty
                  why={t('orders.noPlanWhy')}
                  nextStep={t('orders.noPlanNext')}
                  searched={planSearch !== ''}
                />
              )
            }
            options={(plans.data?.datas ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.clientName})` }))}
          />
        </Form.Item>
        <Form.Item
          name="robotIds"
          label={t('fields.devices')}
          rules={[{ required: true, message: t('orders.devicesRequired') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setRobotSearch }}
            aria-label={t('fields.devices')}
            loading={robots.isFetching}
            notFoundContent={
              robots.isFetching ? undefined : (
                <PickerEmpty
                  why={t('orders.noRobotWhy')}
                  nextStep={t('orders.noRobotNext')}
                  searched={robotSearch !== ''}
                />
              )
            }
            options={(robots.data?.datas ?? []).map((r) => ({
              value: r.robotId,
              label: `${r.name} (${r.robotId}) · ${t(`salesTypes.${r.salesType}`)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="weeks" label={t('fields.weeks')} extra={t('orders.weeksRange')} rules={[{ required: true }]}>
          <InputNumber min={ORDER_WEEKS_MIN} max={ORDER_WEEKS_MAX} precision={0} aria-label={t('fields.weeks')} />
        </Form.Item>
        <Form.Item name="begin" label={t('fields.begin')}>
          <DatePicker allowClear={false} aria-label={t('fields.begin')} />
        </Form.Item>
        <QuoteView quote={quote} />
        <AmountField name="amount" label={t('orders.override')} required={false} extra={t('orders.overrideHint')} />
        {overridden && (
          <Form.Item
            name="overrideReason"
            label={t('fields.overrideReason')}
            rules={[{ required: true, whitespace: true, message: t('orders.overrideReasonRequired') }]}
          >
            <Input.TextArea maxLength={200} aria-label={t('fields.overrideReason')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function QuoteView({ quote }: { quote: ReturnType<typeof useQuote> }) {
  const { t } = useTranslation('sales');
  const language = lang();
  if (quote.fetchStatus === 'idle' && !quote.data) return null;
  if (quote.isFetching && !quote.data) return <Spin tip={t('orders.quoting')} />;
  if (quote.isError) return <Alert type="error" showIcon title={(quote.error as Error).message} />;
  if (!quote.data) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={
        <span data-testid="order-quote">
          {t('orders.quote')}: <strong>{formatFen(quote.data.amountFen, language)}</strong>
        </span>
      }
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {quote.data.lines.map((l) => (
            <li key={l.robotId}>
              {t('orders.quoteLine', {
                robot: l.robotName || l.robotId,
                price: formatFen(yuanToFen(l.price), language),
                weeks: quote.data.weeks,
                units: t('orders.units', { count: 1 + l.extraMaterials }),
              })}{' '}
              = {formatFen(l.amountFen, language)}
            </li>
          ))}
        </ul>
      }
    />
  );
}
