import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { startTokenRefresh } from '../app/auth';
import { queryClient } from '../app/query-client';
import { installMenuTexts } from '../lib/menu-texts';
import { useScreenClass } from '../lib/screen';
import { settingsStore } from '../lib/settings';
import { useTableA11y } from './a11y-patches';
import { LazyFeedback } from './lazy-feedback';
import { LogoArea } from './logo-area';
import { MenuSearchSlot } from './menu-search-slot';
import { PageHost } from './page-host';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import { TopBar } from './top-bar';
import { useCurrentUserRefresh } from './use-current-user';

const { Sider, Header, Content } = Layout;
/** The phone's menu drawer loads only on a phone. */
const Drawer = lazy(() => import('antd/es/drawer'));

installMenuTexts();

/**
 * The logged-in application: antd's App context (message / modal / notification, `App.useApp()`) lives
 * here, its holders loaded on first use (the login page does without it, to load less).
 */
export default function ShellLayoutWithApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <LazyFeedback>
        <ShellLayout />
      </LazyFeedback>
    </QueryClientProvider>
  );
}

/** The shell of every logged-in page: sidebar, top bar, tabs and the main view (spec section 2). */
function ShellLayout() {
  const { t } = useTranslation();
  const screen = useScreenClass();
  const location = useLocation();
  const collapsedSetting = settingsStore.use((s) => s.collapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const phone = screen === 0;
  // On a tablet the sidebar starts folded; a phone gets the menu in a drawer.
  const collapsed = phone ? false : screen === 1 ? true : collapsedSetting;
  useCurrentUserRefresh();
  useTableA11y();

  useEffect(() => startTokenRefresh(), []);
  // A page opened from the drawer closes it.
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  const toggle = () => {
    if (phone) setDrawerOpen((open) => !open);
    else if (screen === 1) settingsStore.set((s) => ({ ...s, collapsed: false }));
    else settingsStore.set((s) => ({ ...s, collapsed: !s.collapsed }));
  };

  const sider = (
    <>
      <LogoArea collapsed={collapsed} />
      {!collapsed && <MenuSearchSlot />}
      <SideMenu collapsed={collapsed} />
    </>
  );

  return (
    <Layout className="ra-shell" data-screen-class={screen} data-collapsed={collapsed ? 'true' : 'false'}>
      <a className="ra-skip-link" href="#ra-main">
        {t('a11y.skipToContent')}
      </a>
      {phone ? (
        <Suspense fallback={null}>
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={260}
            closable={false}
            className="ra-sider-drawer"
            styles={{ body: { padding: 0 } }}
            title={null}
          >
            <nav className="ra-sider ra-sider-in-drawer" aria-label={t('menu.label')}>
              {sider}
            </nav>
          </Drawer>
        </Suspense>
      ) : (
        <Sider className="ra-sider" width={232} collapsedWidth={64} collapsed={collapsed} trigger={null} collapsible>
          <nav className="ra-sider-nav" aria-label={t('menu.label')}>
            {sider}
          </nav>
        </Sider>
      )}
      <Layout className="ra-main-column">
        <Header className="ra-header">
          <TopBar collapsed={phone ? !drawerOpen : collapsed} onToggle={toggle} />
        </Header>
        <TabsBar />
        {/* Focusable (in the Tab order): the content area scrolls, and a page of plain text has nothing else
            to focus for the arrow keys to scroll it (axe scrollable-region-focusable). */}
        <Content className="ra-content" id="ra-main" tabIndex={0}>
          <PageHost />
        </Content>
      </Layout>
    </Layout>
  );
}
