import { newPasswordSchema, oldPasswordSchema, PASSWORD_SPECIALS } from '@robot-ads/contracts/auth/password.rules';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../app/auth';
import { ApiError, api } from '../lib/api-client';
import { validValues } from '../lib/form-errors';
import { lang } from '../lib/i18n';
import { schemaRule } from '../lib/rules';
import { sessionStore } from '../lib/session';
import { createStore } from '../lib/store';

/** Spec sections 4 and 9: the remaining-attempts counter starts at 5, drops on each error, resets to 5. */
export const ATTEMPTS_DEFAULT = 5;
export const attemptsStore = createStore(ATTEMPTS_DEFAULT);

interface Values {
  oldpassword: string;
  password: string;
  confirm: string;
}

export default function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const attempts = attemptsStore.use((n) => n);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setBusy(true);
    try {
      await api.post(
        '/api/Users/reset',
        {
          id: sessionStore.get().user?.id,
          oldpassword: values.oldpassword.trim(),
          password: values.password.trim(),
        },
        { silent: true, keepSessionOn401: true },
      );
      attemptsStore.set(ATTEMPTS_DEFAULT);
      onClose();
      message.success(messageFor('PASSWORD_CHANGED', lang()));
      setTimeout(() => void logout(), 1500);
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      const left = Math.max(0, attemptsStore.get() - 1);
      attemptsStore.set(left);
      if (error?.code === 'OLD_PASSWORD_WRONG') {
        onClose();
        modal.error({
          title: error.message,
          content: left > 0 ? t('password.attemptsLeft', { count: left }) : undefined,
          okText: t('actions.ok'),
        });
        if (left === 0) {
          attemptsStore.set(ATTEMPTS_DEFAULT);
          setTimeout(() => void logout(), 1500);
        }
        return;
      }
      if (error?.field && ['oldpassword', 'password'].includes(error.field)) {
        form.setFields([{ name: error.field as keyof Values, errors: [error.message] }]);
      } else {
        message.error(error?.message ?? t('errors.network'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('password.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      width={460}
    >
      <Alert
        type="info"
        showIcon
        className="ra-password-attempts"
        title={t('password.attemptsLeft', { count: attempts })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" requiredMark onFinish={submit} name="change-password">
        <Form.Item name="oldpassword" label={t('password.old')} rules={[schemaRule(oldPasswordSchema)]} validateFirst>
          <Input.Password autoComplete="current-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={t('password.policy', { specials: PASSWORD_SPECIALS })}
          rules={[schemaRule(newPasswordSchema)]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const confirm = (value ?? '').trim();
                if (!confirm) throw new Error(messageFor('PASSWORD_CONFIRM_REQUIRED', lang()));
                if (confirm !== (form.getFieldValue('password') ?? '').trim()) {
                  throw new Error(messageFor('PASSWORD_MISMATCH', lang()));
                }
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
