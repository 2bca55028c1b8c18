import type { Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { accounts, type NewAccountRow } from '../src/modules/accounts/accounts.table';
import type { TestApp } from './build-app';

/** A password that satisfies the section 5 policy; every test account gets it unless told otherwise. */
export const DEFAULT_TEST_PASSWORD = 'Test@1234';

export interface CreateUserOverrides {
  role?: Role;
  username?: string;
  password?: string;
  principals?: '' | 'root' | 'admin';
  customer?: string | null;
  diy?: boolean;
  autoAudit?: boolean;
  isSoldOut?: boolean;
  projectId?: string | null;
  parentId?: string | null;
  name?: string;
  phone?: string;
  email?: string;
  sex?: '' | 'male' | 'female';
  enabled?: boolean;
  used?: boolean;
  authorized?: boolean;
  /** Validity period. */
  begin?: Date | null;
  end?: Date | null;
  lang?: 'zh' | 'en' | null;
  contact?: { name: string; phone: string };
}

export interface CreatedUser {
  id: string;
  username: string;
  password: string;
}

let seq = 0;
const hashes = new Map<string, Promise<string>>();

/** Inserts an account directly (no HTTP), hashing its password with the app's (test-cheap) cost. */
export async function createUser(t: TestApp, overrides: CreateUserOverrides = {}): Promise<CreatedUser> {
  const role = overrides.role ?? 'super';
  seq += 1;
  const username = overrides.username ?? `${role}_${process.pid}_${Date.now().toString(36)}_${seq}`;
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = t.app.services.auth.hash(password);
    hashes.set(password, hashed);
  }
  const id = newId();
  const row: NewAccountRow = {
    id,
    parentId: overrides.parentId ?? null,
    role,
    principals: overrides.principals ?? '',
    username,
    passwordHash: await hashed,
    name: overrides.name ?? `${role} ${seq}`,
    customerId: overrides.customer ?? null,
    diy: overrides.diy ?? false,
    autoAudit: overrides.autoAudit ?? false,
    isSoldOut: overrides.isSoldOut ?? false,
    projectId: overrides.projectId ?? null,
    phone: overrides.phone ?? '',
    email: overrides.email ?? '',
    sex: overrides.sex ?? '',
    enabled: overrides.enabled ?? true,
    used: overrides.used ?? true,
    authorized: overrides.authorized ?? true,
    beginAt: overrides.begin ?? null,
    endAt: overrides.end ?? null,
    lang: overrides.lang ?? null,
    contact: overrides.contact ?? { name: '', phone: '' },
  };
  await t.app.ctx.db.insert(accounts).values(row);
  return { id, username, password };
}

export type LoginMode = 'operator' | 'advertiser' | 'owner';

const LOGIN_URL: Record<LoginMode, string> = {
  operator: '/api/Users/v2_2_login',
  advertiser: '/api/Users/advertiser_login',
  owner: '/api/Proprietors/login',
};

/** The login mode an account of this role uses on the login screen. */
export function modeForRole(role: Role): LoginMode {
  return role === 'advertisers' || role === 'advertisers_special' ? 'advertiser' : 'operator';
}

/** Logs in over HTTP and returns the access token; throws with the answer when the login fails. */
export async function login(t: TestApp, username: string, password: string, mode?: LoginMode): Promise<string> {
  const candidates: LoginMode[] = mode ? [mode] : ['operator', 'advertiser'];
  let last = '';
  for (const m of candidates) {
    const res = await t.app.inject({ method: 'POST', url: LOGIN_URL[m], payload: { username, password } });
    if (res.statusCode === 200) return res.json().data.token as string;
    last = `${res.statusCode} ${res.body}`;
  }
  throw new Error(`login of ${username} failed: ${last}`);
}

/** Creates an account of the role and logs it in (principals '' unless given: pass { principals: 'root' } for root). */
export async function loginAs(
  t: TestApp,
  role: Role,
  overrides: CreateUserOverrides = {},
): Promise<{ token: string; user: CreatedUser }> {
  const user = await createUser(t, { ...overrides, role });
  const token = await login(t, user.username, user.password, modeForRole(role));
  return { token, user };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `req(method, url, token, payload?, lang = 'en')`: an injected request as the token's user, in a language. */
export function requester(app: () => TestApp) {
  return (method: Method, url: string, token: string, payload?: object, lang = 'en') =>
    app().app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
}
