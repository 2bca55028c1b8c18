import { newPasswordSchema } from '@robot-ads/contracts/auth/password.rules';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../lib/rules';
import type { Account } from '../api/accounts';
import { showSaveError } from './server-error';

/** Reset a child account's password: a new password by the section 5 policy, entered twice. */
export function ResetPasswordDialog({
  account,
  onClose,
  save,
  saving,
}: {
  account: Account | null;
  onClose: () => void;
  save: (id: string, password: string) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  return (
    <Modal
      open={account !== null}
      title={t('reset.title')}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      onOk={async () => {
        try {
          const v = await form.validateFields();
          if (account) await save(account.id, v.password.trim());
          message.success(t('reset.done'));
          onClose();
        } catch (error) {
          showSaveError(form, error, (text) => message.error(text), t('saveFailed'));
        }
      }}
    >
      <Typography.Paragraph>
        {t('reset.for', { name: account?.name ?? '', account: account?.account ?? '' })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label={t('reset.password')} rules={[schemaRule(newPasswordSchema)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('reset.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_r, value: string) => {
                if (value && value.trim() !== String(getFieldValue('password') ?? '').trim())
                  throw new Error(t('reset.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
