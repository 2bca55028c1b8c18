import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { lockStore, sessionStore } from '../lib/session';
import { localLogout } from './auth';

/** Routes that need no login (spec section 2). */
export const PUBLIC_PATHS = ['/login', '/midlogin', '/lock', '/404', '/403', '/500'] as const;

/** Pages under these prefixes need no login either, whoever is logged in or locked (a certificate's page). */
export const PUBLIC_PREFIXES = ['/verify/'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string } | { kind: 'local-logout' };

/** The guard of spec section 2, as a pure function of the session and the requested location. */
export function guardDecision(input: {
  token: string | null;
  locked: boolean;
  pathname: string;
  search: string;
  /** The session ended by a logout: no redirect back to the page that was left. */
  loggedOut?: boolean;
}): GuardDecision {
  const { token, locked, pathname, search, loggedOut } = input;
  if (PUBLIC_PREFIXES.some((p) => pathname.startsWith(p))) return { kind: 'pass' };
  if (token === '') return { kind: 'local-logout' };
  if (token) {
    if (locked && pathname !== '/lock') return { kind: 'redirect', to: '/lock' };
    if (!locked && pathname === '/lock') return { kind: 'redirect', to: '/' };
    if (pathname === '/login') return { kind: 'redirect', to: '/' };
    return { kind: 'pass' };
  }
  if (isPublicPath(pathname) && pathname !== '/lock') return { kind: 'pass' };
  const back =
    loggedOut || pathname === '/' || pathname === '/lock' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  return { kind: 'redirect', to: `/login${back}` };
}

export function RouteGuard() {
  const location = useLocation();
  const token = sessionStore.use((s) => s.token);
  const locked = lockStore.use((s) => s.locked);
  const loggedOut = sessionStore.use((s) => s.loggedOut === true);
  const decision = guardDecision({ token, locked, pathname: location.pathname, search: location.search, loggedOut });
  if (decision.kind === 'local-logout') return <LocalLogout />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

function LocalLogout() {
  useEffect(() => localLogout(), []);
  return null;
}
