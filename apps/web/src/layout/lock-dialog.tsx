import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { submitForm } from '../lib/form-errors';
import { hashLockPassword, lockStore } from '../lib/session';

/** Locks the screen with a password of the user's choice (kept only as a hash, cleared at login and logout). */
export default function LockDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const submit = () =>
    submitForm(
      form,
      () => {},
      async ({ password }) => {
        lockStore.set({ locked: true, hash: await hashLockPassword(password.trim()) });
        onClose();
        navigate('/lock');
      },
    );
  return (
    <Modal
      open
      title={t('lock.setTitle')}
      okText={t('lock.lockNow')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          extra={t('lock.setHint')}
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
