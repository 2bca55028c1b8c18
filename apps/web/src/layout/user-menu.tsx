import {
  ApiOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import Avatar from 'antd/es/avatar/Avatar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../app/auth';
import { useFeedback } from '../lib/feedback';
import { sessionStore } from '../lib/session';

const PasswordDialog = lazy(() => import('./password-dialog'));
const ProfileDialog = lazy(() => import('./profile-dialog'));
const LockDialog = lazy(() => import('./lock-dialog'));

const DEFAULT_AVATAR = '/favicon.svg';
/** The server's API documentation (Swagger UI, apps/server's OpenAPI plugin). */
export const API_DOCS_PATH = '/api/docs';

/** Spec sections 1 and 6: change password (not for advertisers_special and project), user info (not for advertisers_special), lock, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const user = sessionStore.use((s) => s.user);
  const [open, setOpen] = useState<'password' | 'profile' | 'lock' | null>(null);
  if (!user) return null;
  const role = user.role;
  const items: MenuProps['items'] = [
    ...(role !== 'advertisers_special' ? [{ key: 'profile', icon: <UserOutlined />, label: t('user.info') }] : []),
    ...(role !== 'advertisers_special' && role !== 'project'
      ? [{ key: 'password', icon: <SafetyOutlined />, label: t('user.changePassword') }]
      : []),
    { key: 'lock', icon: <LockOutlined />, label: t('user.lock') },
    // Root (principals root) reads the API documentation of the server (issue 38), in a new tab.
    ...(user.principals === 'root'
      ? [
          {
            key: 'apiDocs',
            icon: <ApiOutlined />,
            label: (
              <a href={API_DOCS_PATH} target="_blank" rel="noreferrer" data-testid="api-docs-link">
                {t('user.apiDocs')}
              </a>
            ),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'apiDocs') return; // the link opens the documentation itself
    if (key === 'logout') {
      modal.confirm({
        title: t('user.logoutTitle'),
        content: t('user.logoutConfirm'),
        okText: t('actions.ok'),
        cancelText: t('actions.cancel'),
        onOk: () => logout(),
      });
      return;
    }
    setOpen(key as 'password' | 'profile' | 'lock');
  };
  const display = user.currentUser || user.name || user.user;
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <button
          type="button"
          className="ra-user-button"
          aria-label={t('user.menu', { name: display })}
          data-testid="user-menu"
        >
          <Avatar size={28} src={user.avatar || DEFAULT_AVATAR} alt="" />
          <span className="ra-user-name" translate="no">
            {display}
          </span>
          <DownOutlined aria-hidden="true" />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {open === 'password' && <PasswordDialog onClose={() => setOpen(null)} />}
        {open === 'profile' && <ProfileDialog onClose={() => setOpen(null)} />}
        {open === 'lock' && <LockDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
