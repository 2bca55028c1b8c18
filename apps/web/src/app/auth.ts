import type { currentUserResponse, profileBody } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { LoginBody, LoginMode, loginResponse, refreshResponse } from '@robot-ads/contracts/auth/auth.schemas';
import type { Language } from '@robot-ads/contracts/common/language';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { lang } from '../lib/i18n';
import {
  clearLock,
  clearSession,
  nowSeconds,
  replaceToken,
  sessionStore,
  startSession,
  updateUser,
} from '../lib/session';
import { switchLanguage } from '../lib/settings';
import { clearTabs } from '../lib/tabs';

/** Spec section 7: the three login calls. */
export const LOGIN_PATHS: Record<LoginMode, string> = {
  operator: '/api/Users/v2_2_login',
  advertiser: '/api/Users/advertiser_login',
  owner: '/api/Proprietors/login',
};

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router registers its navigate function (keeps this module free of the router instance). */
export function setAuthNavigator(next: Navigate): void {
  navigate = next;
}

const logoutListeners = new Set<() => void>();
/** Things to stop at logout (the socket, the refresh timer). */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Forgets every cached answer (the query cache lives in the shell's chunk, loaded only once logged in). */
function clearCachedData(): void {
  void import('./query-client').then(({ queryClient }) => queryClient.clear());
}

/** Spec section 4: login stores token and user info, clears tabs and lock. */
export async function login(mode: LoginMode, body: LoginBody): Promise<void> {
  const data = await api.post<z.infer<typeof loginResponse>>(LOGIN_PATHS[mode], body, {
    silent: true,
    keepSessionOn401: true,
  });
  clearCachedData();
  clearTabs();
  clearLock();
  startSession(data);
  void syncServerLanguage();
}

/**
 * The server writes messages in the user's saved language: keep it equal to the language on screen so
 * no message arrives in the other one. Best effort (a profile the server refuses keeps its language).
 */
export async function syncServerLanguage(language: Language = lang()): Promise<void> {
  const user = sessionStore.get().user;
  if (!user || user.lang === language) return;
  // The language alone: saved even when the rest of the profile is not complete (a new account without a phone).
  const body: z.input<typeof profileBody> = { lang: language };
  try {
    updateUser(await api.put<z.infer<typeof currentUserResponse>>('/api/Users', body, { silent: true }));
  } catch {
    // The UI still works; server messages may come in the saved language until the profile is fixed.
  }
}

/** The language switch: saved on the server (for its messages) and in the browser, then the page reloads. */
export async function changeLanguage(language: Language): Promise<void> {
  await syncServerLanguage(language);
  switchLanguage(language);
}

/** Forced local logout: forgets everything in the browser without calling the server. */
export function localLogout(redirect = true): void {
  for (const listener of logoutListeners) listener();
  // Leave first, so the guard does not turn the page being left into a post-login redirect.
  if (redirect) navigate('/login', { replace: true });
  clearSession();
  clearTabs();
  clearLock();
  clearCachedData();
}

function logoutPath(): string {
  const role = sessionStore.get().user?.role;
  if (role === 'advertisers' || role === 'advertisers_special') return '/api/Users/advertiser_logout';
  return '/api/Users/logout';
}

/** Logout (operator or advertiser variant by role): the server ends the session and drops the refresh cookie. */
export async function logout(): Promise<void> {
  const path = logoutPath();
  if (sessionStore.get().token) {
    await api.post(path, undefined, { silent: true, keepSessionOn401: true }).catch(() => {});
  }
  localLogout();
}

let refreshing: Promise<void> | null = null;
/** One refresh at a time: the refresh token travels in its httpOnly cookie. */
export function refreshToken(): Promise<void> {
  refreshing ??= api
    .post<z.infer<typeof refreshResponse>>('/api/blade-auth/oauth/token', {}, { silent: true })
    .then((data) => replaceToken(data.token, data.expires_in))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Spec section 9: checked every 10 s; refreshed when the token's age reaches the token time. */
export const REFRESH_CHECK_MS = 10_000;
/** The server's tokens die at exactly the token time: refresh one minute early so no call meets a dead token. */
export const REFRESH_MARGIN_SECONDS = 60;

export function tokenNeedsRefresh(now = nowSeconds()): boolean {
  const { token, tokenAt, tokenTime } = sessionStore.get();
  return Boolean(token) && now - tokenAt >= tokenTime - REFRESH_MARGIN_SECONDS;
}

export function startTokenRefresh(): () => void {
  const timer = setInterval(() => {
    if (tokenNeedsRefresh()) refreshToken().catch(() => {});
  }, REFRESH_CHECK_MS);
  return () => clearInterval(timer);
}
