import { lazy, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { lazyPage } from '../lib/pages';
import { setAuthNavigator } from './auth';
import { RouteGuard } from './guard';
import { RouteError } from './route-error';

const ShellLayout = lazyPage(() => import('../layout/shell-layout'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const MidLoginPage = lazyPage(() => import('../features/auth/pages/mid-login-page'));
const LockPage = lazyPage(() => import('../features/auth/pages/lock-page'));
const StatusPage = lazyPage(() => import('../components/status-page'));
const AntdRoot = lazy(() => import('./antd-root'));
/** Every page but the login page uses antd: its configuration comes with the page. */
const antd = (page: ReactNode) => <AntdRoot>{page}</AntdRoot>;

/**
 * Spec section 2. Public pages at the top; everything else inside the shell, which shows the registered
 * page for the path (app/registry.ts), or /404 for a path no page claims.
 */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/midlogin', element: antd(<MidLoginPage />) },
      { path: '/lock', element: antd(<LockPage />) },
      { path: '/404', element: antd(<StatusPage />) },
      { path: '/403', element: antd(<StatusPage />) },
      { path: '/500', element: antd(<StatusPage />) },
      { path: '*', element: antd(<ShellLayout />) },
    ],
  },
]);

setAuthNavigator((to, options) => {
  void router.navigate(to, options);
});
