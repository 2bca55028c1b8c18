import { Avatar, Descriptions, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../lib/session';
import { ProfileFields, type ProfileValues, useProfileSave } from './profile-form';

/** The profile dialog: one's own name, phone, e-mail, sex (and contact phone for project accounts). */
export default function ProfileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = sessionStore.use((s) => s.user);
  const [form] = Form.useForm<ProfileValues>();
  const { save, busy } = useProfileSave(form, onClose);
  if (!user) return null;
  return (
    <Modal
      open
      title={t('profile.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      width={520}
    >
      <div className="ra-profile-head">
        <Avatar size={56} src={user.avatar || '/favicon.svg'} alt="" />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'user', label: t('profile.account'), children: user.user },
            { key: 'role', label: t('profile.role'), children: t(`roles.${user.role}`) },
          ]}
        />
      </div>
      <ProfileFields form={form} onFinish={save} />
    </Modal>
  );
}
