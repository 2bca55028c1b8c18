import type { LoginData, SessionInfo } from '@robot-ads/contracts/auth/auth.schemas';
import { createStore, readJson, safeLocalStorage, safeSessionStorage, writeJson } from './store';

/** What a login leaves in the browser: the token and the user info (session storage, spec section 2). */
export interface SessionState {
  token: string | null;
  /** Unix seconds when the token was issued (its age decides the refresh). */
  tokenAt: number;
  /** Seconds a token lives (the token time). */
  tokenTime: number;
  user: SessionInfo | null;
  /** Set by a logout: the guard then sends to a plain /login (no redirect back to the page left). */
  loggedOut?: boolean;
}

const SESSION_KEY = 'robot-ads-session';
const EMPTY: SessionState = { token: null, tokenAt: 0, tokenTime: 3000, user: null };

export const sessionStore = createStore<SessionState>(readJson(safeSessionStorage, SESSION_KEY, EMPTY), (s) =>
  writeJson(safeSessionStorage, SESSION_KEY, s),
);

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function startSession(data: LoginData): void {
  const { token, access_token: _a, token_type: _t, expires_in, refresh_token: _r, ...user } = data;
  sessionStore.set({ token, tokenAt: nowSeconds(), tokenTime: expires_in, user });
}

export function replaceToken(token: string, expiresIn: number): void {
  sessionStore.set((s) => ({ ...s, token, tokenAt: nowSeconds(), tokenTime: expiresIn }));
}

export function updateUser(user: SessionInfo): void {
  sessionStore.set((s) => ({ ...s, user }));
}

export function clearSession(): void {
  sessionStore.set({ ...EMPTY, loggedOut: true });
  try {
    safeSessionStorage?.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
}

/** The lock screen: a flag and the hash of the lock password (spec section 4). */
export interface LockState {
  locked: boolean;
  hash: string;
}
const LOCK_KEY = 'robot-ads-lock';
export const lockStore = createStore<LockState>(
  readJson(safeLocalStorage, LOCK_KEY, { locked: false, hash: '' }),
  (s) => writeJson(safeLocalStorage, LOCK_KEY, s),
);

export async function hashLockPassword(password: string): Promise<string> {
  const data = new TextEncoder().encode(`robot-ads-lock:${password}`);
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-256', data);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  }
  // Insecure contexts (plain http on a LAN address) have no SubtleCrypto: FNV-1a keeps it unreadable.
  let h = 0x811c9dc5;
  for (const b of data) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return `fnv:${h.toString(16)}`;
}

export function clearLock(): void {
  lockStore.set({ locked: false, hash: '' });
}
