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
      { path: '/midlogin', element: <MidLoginPage /> },
      { path: '/lock', element: <LockPage /> },
      { path: '/404', element: <StatusPage /> },
      { path: '/403', element: <StatusPage /> },
      { path: '/500', element: <StatusPage /> },
      { path: '*', element: <ShellLayout /> },
    ],
  },
]);

setAuthNavigator((to, options) => {
  void router.navigate(to, options);
});
