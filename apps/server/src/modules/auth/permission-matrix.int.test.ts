import { isAdvertiserRole, ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { errorEnvelope } from '@robot-ads/contracts/common/envelope';
import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { activatedDevice, createProject, createRobot } from '../../../test/devices';
import { type Access, ANY, DEVICE, PERMISSIONS, PUBLIC, ROOT } from '../../../test/permission-matrix';
import type { RegisteredRoute } from '../../platform/auth-guard';
import { customers } from '../customers/customers.table';

interface Caller {
  name: string;
  headers: Record<string, string>;
  role?: Role;
  /** Principals root (a superuser account: role super). */
  root?: boolean;
}

let t: TestApp;
const users: Caller[] = [];
const anonymous: Caller = { name: 'anonymous', headers: {} };
const device: Caller = { name: 'a device', headers: {} };
beforeAll(async () => {
  t = await buildTestApp();
  // As each role is set up in practice: advertisers belong to a customer and may manage materials (DIY),
  // a project account has its property.
  const customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Matrix Coffee' });
  const property = await createProject(t);
  for (const role of ROLES) {
    const setup = isAdvertiserRole(role)
      ? { customer: customerId, diy: true }
      : role === 'project'
        ? { projectId: property.id }
        : {};
    users.push({ name: role, role, headers: bearer((await loginAs(t, role, setup)).token) });
  }
  const root = await loginAs(t, 'super', { principals: 'root' });
  users.push({ name: 'root', role: 'super', root: true, headers: bearer(root.token) });
  device.headers = bearer((await activatedDevice(t, users.find((u) => u.root)?.headers ?? {})).token);
});

afterAll(() => t.close());

/** API routes the user guard judges (docs and static files are outside it). */
function apiRoutes(): RegisteredRoute[] {
  return t.app.routeTable.filter(
    (r) =>
      (r.url.startsWith('/api/') || r.url.startsWith('/websocket/') || isNamedOutsideApi(r)) &&
      r.url !== '/api/docs' &&
      !r.url.startsWith('/api/docs/'),
  );
}

/** A route outside /api that the table names all the same (GET /metrics, guarded by its own token). */
const isNamedOutsideApi = (r: RegisteredRoute) => !r.url.startsWith('/api/') && keyOf(r) in PERMISSIONS;

/** Device routes whose credential is in the body (the one-time activation secret), not a token. */
const BODY_CREDENTIAL = new Set(['POST /api/device/v1/activate']);

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

  it('is in the OpenAPI document, every /api route with its method', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
    const missing = apiRoutes()
      .filter((r) => r.url.startsWith('/api/'))
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map(keyOf);
    expect(missing).toEqual([]);
  });

  it('answers every role, anonymous and a device as its line says, refusals in the envelope', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = keyOf(route);
      const access = PERMISSIONS[key];
      if (access === undefined) continue;
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const call = async (caller: Caller, expect: 'allowed' | 401 | 403) => {
        const res = await t.app.inject({ method, url, headers: { ...caller.headers, 'accept-language': 'en' } });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (expect === 'allowed') {
          if (refused) failures.push(`${key} as ${caller.name}: allowed, got ${res.statusCode} ${res.body}`);
          return;
        }
        const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
        const envelope = errorEnvelope.safeParse(body);
        if (res.statusCode !== expect || !envelope.success || !envelope.data.msg) {
          failures.push(
            `${key} as ${caller.name}: expected ${expect}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      };
      // Public routes are called without a token only: with one, logout would end the session shared here.
      if (access === PUBLIC || BODY_CREDENTIAL.has(key)) {
        await call(anonymous, 'allowed');
        continue;
      }
      await call(anonymous, 401);
      if (access === DEVICE) {
        await call(device, 'allowed');
        await call(users[0] as Caller, 401);
        continue;
      }
      await call(device, 401);
      for (const caller of users) {
        const allowed =
          access === ANY ||
          (access === ROOT ? caller.root === true : (access as readonly Role[]).includes(caller.role as Role));
        await call(caller, allowed ? 'allowed' : 403);
      }
    }
    expect(failures).toEqual([]);
  });
});
