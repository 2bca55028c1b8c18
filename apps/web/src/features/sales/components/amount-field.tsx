import { messageFor } from '@robot-ads/contracts/common/errors';
import { Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { lang } from '../../../lib/i18n';
import { yuanToFen } from '../money';

/** Spec section 5: an amount is above zero with at most 2 decimals (typed in yuan, sent in fen). */
export const amountRule = (required = true): RuleObject => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || value === '';
    if (empty && !required) return;
    if (empty || yuanToFen(value as string) === null) throw new Error(messageFor('AMOUNT_INVALID', lang()));
  },
});

/** A yuan amount typed as text (so 0.1 stays 0.1); read it back with `yuanToFen`. */
export function AmountField({
  name,
  label,
  required = true,
  extra,
}: {
  name: string;
  label: string;
  required?: boolean;
  extra?: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[amountRule(required)]} extra={extra}>
      <Input inputMode="decimal" prefix="¥" aria-label={label} />
    </Form.Item>
  );
}
