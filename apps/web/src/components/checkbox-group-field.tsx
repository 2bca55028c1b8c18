import { Checkbox, type GetProps } from 'antd';

type CheckboxGroupProps = GetProps<typeof Checkbox.Group>;

/**
 * antd's checkbox group for a required form field. A required Form.Item hands its control `aria-required`,
 * which an ARIA `group` may not carry (axe `aria-allowed-attr`, critical); the requirement shows in the
 * label's star and in the item's error instead.
 */
export function CheckboxGroupField(props: CheckboxGroupProps & { 'aria-required'?: boolean | 'true' | 'false' }) {
  const { 'aria-required': _required, ...rest } = props;
  return <Checkbox.Group {...rest} />;
}
