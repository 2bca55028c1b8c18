import { isAdvertiserRole, ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { customers } from '../../src/modules/customers/customers.table';
import { bearer, type CreateUserOverrides, loginAs } from '../auth';
import type { TestApp } from '../build-app';
import { activatedDevice, createProject } from '../devices';

/** Who sends a request: anonymous, a device, or a logged-in account of one role. */
export interface Caller {
  name: string;
  /** The token it sends: a user's, a device's, or none. */
  kind: 'user' | 'device' | 'anonymous';
  headers: Record<string, string>;
  /** Still logged in? (A fuzzed logout or password change may end the session.) */
  alive(): Promise<boolean>;
  /** A fresh session of the same kind, after `alive()` said no. */
  renew(): Promise<void>;
}

/** Secrets no answer may ever contain (besides password hashes). */
export interface Secrets {
  values: string[];
}

/**
 * One caller per role (advertisers with a customer and DIY, the project account with a property),
 * root, anonymous and an activated device, set up as in practice.
 */
export async function makeCallers(t: TestApp): Promise<{ callers: Caller[]; secrets: Secrets }> {
  const secrets: Secrets = { values: [] };
  const customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Fuzz Coffee' });
  const property = await createProject(t);
  const userCaller = (name: string, role: Role, setup: CreateUserOverrides): Caller => {
    const caller: Caller = {
      name,
      kind: 'user',
      headers: {},
      alive: async () =>
        (await t.app.inject({ method: 'GET', url: '/api/Users/current', headers: caller.headers })).statusCode === 200,
      renew: async () => {
        caller.headers = bearer((await loginAs(t, role, setup)).token);
      },
    };
    return caller;
  };
  const callers: Caller[] = [
    { name: 'anonymous', kind: 'anonymous', headers: {}, alive: async () => true, renew: async () => undefined },
  ];
  for (const role of ROLES) {
    const setup = isAdvertiserRole(role)
      ? { customer: customerId, diy: true }
      : role === 'project'
        ? { projectId: property.id }
        : {};
    callers.push(userCaller(role, role, setup));
  }
  const root = userCaller('root', 'super', { principals: 'root' });
  callers.push(root);
  for (const c of callers) await c.renew();

  const device: Caller = {
    name: 'device',
    kind: 'device',
    headers: {},
    alive: async () =>
      (await t.app.inject({ method: 'GET', url: '/api/device/v1/schedule', headers: device.headers })).statusCode !==
      401,
    renew: async () => {
      const { token, secret } = await activatedDevice(t, root.headers);
      secrets.values.push(token, secret);
      device.headers = bearer(token);
    },
  };
  await device.renew();
  callers.push(device);
  return { callers, secrets };
}
