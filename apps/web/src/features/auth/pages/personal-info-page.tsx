import { SafetyOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Form, Row } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileFields, type ProfileValues, useProfileSave } from '../../../layout/profile-form';
import { sessionStore } from '../../../lib/session';

const PasswordDialog = lazy(() => import('../../../layout/password-dialog'));

/** /info/index: the personal info page (the profile dialog's form, as a page). */
export default function PersonalInfoPage() {
  const { t } = useTranslation();
  const user = sessionStore.use((s) => s.user);
  const [form] = Form.useForm<ProfileValues>();
  const { save, busy } = useProfileSave(form);
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!user) return null;
  const canChangePassword = user.role !== 'advertisers_special' && user.role !== 'project';
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={88} src={user.avatar || '/favicon.svg'} alt="" />
            <h2 style={{ margin: '12px 0 0' }} translate="no">
              {user.currentUser || user.name}
            </h2>
          </div>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'user', label: t('profile.account'), children: user.user },
              { key: 'role', label: t('profile.role'), children: t(`roles.${user.role}`) },
            ]}
          />
          {canChangePassword && (
            <Button block icon={<SafetyOutlined />} onClick={() => setPasswordOpen(true)} style={{ marginTop: 16 }}>
              {t('user.changePassword')}
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('profile.title')}>
          <ProfileFields form={form} onFinish={save} />
          <Button type="primary" onClick={save} loading={busy}>
            {t('actions.save')}
          </Button>
        </Card>
      </Col>
      <Suspense fallback={null}>{passwordOpen && <PasswordDialog onClose={() => setPasswordOpen(false)} />}</Suspense>
    </Row>
  );
}
