import { checkEmail, checkName, checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import { accountCreateBody } from '@robot-ads/contracts/accounts/accounts.schemas';
import { newPasswordSchema } from '@robot-ads/contracts/auth/password.rules';
import { DatePicker, Form, type FormInstance, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { checkRule, schemaRule } from '../../../lib/rules';
import { checkValidity } from '../account-rules';

/** An optional phone: empty, or valid by the user's locale (spec section 5). */
export const optionalPhone = (v: string) => (v.trim() ? checkPhone(v, lang()) : null);

/** Login name and password (creation only), then the display name: the shared rules of the contracts. */
export function LoginFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      {creating && (
        <>
          <Form.Item
            name="username"
            label={t('fields.username')}
            rules={[
              { required: true, message: t('rules.usernameRequired') },
              schemaRule(accountCreateBody.shape.username),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('fields.password')} rules={[schemaRule(newPasswordSchema)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item name="name" label={t('fields.name')} rules={[checkRule(checkName)]}>
        <Input />
      </Form.Item>
    </>
  );
}

/** Validity dates (end after start), phone and e-mail. */
export function ValidityContactFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Form.Item
        name="validity"
        label={t('fields.validity')}
        rules={[checkRule(() => checkValidity(form.getFieldValue('validity')))]}
      >
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} rules={[checkRule(optionalPhone)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={[checkRule(checkEmail)]}>
        <Input />
      </Form.Item>
    </>
  );
}

export function SwitchField({ name, label, extra }: { name: string; label: string; extra?: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch />
    </Form.Item>
  );
}
