import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../lib/session';
import { ColourPickerSlot } from './colour-picker-slot';
import { FullScreenToggle } from './full-screen-toggle';
import { LanguageSwitch } from './language-switch';
import { ThemePicker } from './theme-picker';
import { TopbarButton } from './topbar-button';
import { UserMenu } from './user-menu';

const NotificationBell = lazy(() => import('./notification-bell'));
const LiveNotices = lazy(() => import('./notifications/live-notices'));

/** Spec section 6: the bell is for super, administrator and project accounts. */
export const BELL_ROLES = ['super', 'administrator', 'project'] as const;

export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const role = sessionStore.use((s) => s.user?.role);
  const label = t(collapsed ? 'topbar.expand' : 'topbar.collapse');
  return (
    <div className="ra-topbar">
      <TopbarButton
        label={label}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-expanded={!collapsed}
        data-testid="collapse-toggle"
      />
      <div className="ra-topbar-spacer" />
      <div className="ra-topbar-tools">
        {role && (
          <Suspense fallback={null}>
            {(BELL_ROLES as readonly string[]).includes(role) ? <NotificationBell /> : <LiveNotices />}
          </Suspense>
        )}
        <ColourPickerSlot />
        <ThemePicker />
        <LanguageSwitch />
        <FullScreenToggle />
        <UserMenu />
      </div>
    </div>
  );
}
