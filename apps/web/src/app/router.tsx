import { Component, lazy, type ReactNode, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { lazyPage } from '../lib/pages';
import { setAuthNavigator } from './auth';
import { RouteGuard } from './guard';
import { ErrorResult } from './route-error';

const ShellLayout = lazyPage(() => import('../layout/shell-layout'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const MidLoginPage = lazyPage(() => import('../features/auth/pages/mid-login-page'));
const LockPage = lazyPage(() => import('../features/auth/pages/lock-page'));
const StatusPage = lazyPage(() => import('../components/status-page'));
const VerifyPage = lazyPage(() => import('../features/certificates/pages/verify-page'));
const AntdRoot = lazy(() => import('./antd-root'));
/** Every page but the login page uses antd: its configuration comes with the page. */
const antd = (page: ReactNode) => <AntdRoot>{page}</AntdRoot>;

/**
 * Spec section 2. Public pages at the top; everything else inside the shell, which shows the registered
 * page for the path (app/registry.ts), or /404 for a path no page claims. Declarative routes
 * (`<BrowserRouter>`): the app uses no loaders, actions or fetchers, and the data router's code weighs about
 * 15 KB gzipped on every first visit.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AuthNavigator />
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RouteGuard />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/midlogin" element={antd(<MidLoginPage />)} />
            <Route path="/lock" element={antd(<LockPage />)} />
            <Route path="/404" element={antd(<StatusPage />)} />
            <Route path="/403" element={antd(<StatusPage />)} />
            <Route path="/500" element={antd(<StatusPage />)} />
            <Route path="/verify/:code" element={antd(<VerifyPage />)} />
            <Route path="*" element={antd(<ShellLayout />)} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}

/** Lets code outside components (app/auth.ts) navigate, once the router is mounted. */
function AuthNavigator() {
  const navigate = useNavigate();
  useEffect(() => setAuthNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

/** A page that failed to load or render shows the error (app/route-error.tsx) until the location changes. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorCatcher pathname={pathname}>{children}</RouteErrorCatcher>;
}

interface CatcherState {
  error: unknown;
  pathname: string;
}

class RouteErrorCatcher extends Component<{ pathname: string; children: ReactNode }, CatcherState> {
  override state: CatcherState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { error: error ?? new Error('unknown render error') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: CatcherState): Partial<CatcherState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <ErrorResult error={this.state.error} /> : this.props.children;
  }
}
