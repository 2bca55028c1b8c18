import { ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { type Access, ANY, DEVICE, PERMISSIONS, PUBLIC, ROOT } from '../../../test/permission-matrix';
import type { RegisteredRoute } from '../../platform/auth-guard';

let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) tokens.set(role, (await loginAs(t, role)).token);
});
afterAll(() => t.close());

/** API routes the user guard judges (docs and static files are outside it). */
function apiRoutes(): RegisteredRoute[] {
  return t.app.routeTable.filter(
    (r) =>
      (r.url.startsWith('/api/') || r.url.startsWith('/websocket/')) &&
      r.url !== '/api/docs' &&
      !r.url.startsWith('/api/docs/'),
  );
}

const keyOf = (r: RegisteredRoute) => `${r.method} ${r.url}`;

function declared(r: RegisteredRoute): Access {
  const c = r.config;
  if (c.public) return PUBLIC;
  if (c.device) return DEVICE;
  if (c.rootOnly) return ROOT;
  if (c.roles) return [...c.roles].sort() as Role[];
  return ANY;
}

const normal = (a: Access): Access => (typeof a === 'string' ? a : ([...a].sort() as Role[]));

/** A concrete URL for a route pattern: params get a fresh id, wildcards a name. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => newId()).replace(/\*/g, 'x');

describe('permission matrix', () => {
  it('has a line for every registered route, and no stale lines', () => {
    const keys = apiRoutes().map(keyOf);
    const missing = keys.filter((k) => !(k in PERMISSIONS));
    expect(missing, 'add these routes to apps/server/test/permission-matrix.ts').toEqual([]);
    const stale = Object.keys(PERMISSIONS).filter((k) => !keys.includes(k));
    expect(stale, 'these lines name no registered route').toEqual([]);
  });

  it("agrees with every route's declared access", () => {
    const wrong = apiRoutes()
      .filter((r) => keyOf(r) in PERMISSIONS)
      .filter((r) => JSON.stringify(normal(PERMISSIONS[keyOf(r)] as Access)) !== JSON.stringify(declared(r)))
      .map((r) => `${keyOf(r)}: table ${JSON.stringify(PERMISSIONS[keyOf(r)])}, route ${JSON.stringify(declared(r))}`);
    expect(wrong).toEqual([]);
  });

  it('refuses every guarded route without a token (401) and to every role not allowed (403)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const access = PERMISSIONS[keyOf(route)];
      if (access === undefined || access === PUBLIC || access === DEVICE) continue;
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const anon = await t.app.inject({ method, url });
      if (anon.statusCode !== 401) failures.push(`${keyOf(route)} anonymous -> ${anon.statusCode}`);
      const denied: Role[] =
        access === ANY
          ? []
          : access === ROOT
            ? [...ROLES]
            : ROLES.filter((r) => !(access as readonly Role[]).includes(r));
      for (const role of denied) {
        const res = await t.app.inject({ method, url, headers: bearer(tokens.get(role) ?? '') });
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') {
          failures.push(`${keyOf(route)} as ${role} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
