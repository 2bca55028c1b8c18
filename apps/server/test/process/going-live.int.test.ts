import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/modules/accounts/accounts.seed';
import { accounts } from '../../src/modules/accounts/accounts.table';
import { robots } from '../../src/modules/devices/devices.table';
import { hasDemoData } from '../../src/modules/system/demo-data';
import { loadConfig } from '../../src/platform/config';
import { createUser } from '../auth';
import type { TestApp } from '../build-app';
import { until } from '../until';
import { runServerUntilExit, startPostgresForTest, startServer, tempDir } from './servers';

/**
 * Going live (issue 27, docs/operations.md "Going live"): the server started as an operator starts it.
 * A production start loads no demo and admits no demo password; the first administrator comes from
 * ADMIN_USERNAME/ADMIN_PASSWORD or `npm run create-admin`; the README's `npm start` keeps the living demo.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir('live');
  dirs.push(dir);
  return dir;
}

const STRONG = 'Go-Live@2026';

// Each test starts real server processes (and the commands), several on a shared, busy CI machine.
vi.setConfig({ testTimeout: 240_000 });

/** The login's status; a failure the test did not expect shows the server's answer in the report. */
async function loginStatus(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/Users/v2_2_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200 && password !== DEMO_PASSWORD) console.error(`login ${username}: ${await res.text()}`);
  return res.status;
}

async function withDatabase<T>(
  target: { dataDir: string; databaseUrl?: string },
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const database = target.databaseUrl
    ? await openPostgres(target.databaseUrl, 2)
    : await openPglite(path.join(target.dataDir, 'pgdata'));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** What a demo would have put there: accounts by name, robots, the demo marker. */
async function contents(target: { dataDir: string; databaseUrl?: string }) {
  return withDatabase(target, async ({ db }) => {
    const names = await db.select({ username: accounts.username }).from(accounts).orderBy(asc(accounts.username));
    const [fleet] = await db.select({ n: count() }).from(robots);
    return {
      accounts: names.map((r) => r.username),
      robots: Number(fleet?.n ?? 0),
      demoMarker: await hasDemoData(db),
    };
  });
}

/** A database made in-process with these accounts (as a real installation has them). */
async function withAccounts(dir: string, users: { username: string; password: string }[]) {
  await withDatabase({ dataDir: dir }, async (database) => {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dir });
    const app = await buildApp({ config, database });
    const t: TestApp = { app, database, config, dataDir: dir, close: async () => undefined };
    try {
      for (const u of users) await createUser(t, { ...u, principals: 'root' });
    } finally {
      await app.close();
    }
  });
}

function createAdmin(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/create-admin-cli.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a production start', () => {
  it('on an empty database without a first administrator stops and says how to create one', async () => {
    const dir = dataDir();
    const run = await runServerUntilExit({ dataDir: dir, env: { SEED_DEMO: '' } });
    expect(run.code).toBe(2);
    expect(run.output).toContain('The database holds no account');
    expect(run.output).toContain('ADMIN_USERNAME and ADMIN_PASSWORD');
    expect(run.output).toContain('npm run create-admin');
    expect((await contents({ dataDir: dir })).accounts).toEqual([]);
  });

  it('with ADMIN_USERNAME/ADMIN_PASSWORD creates only that account: no demo robots, demo logins refused', async () => {
    const dir = dataDir();
    const server = await startServer({
      dataDir: dir,
      env: { SEED_DEMO: '', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: STRONG },
    });
    try {
      expect(await loginStatus(server.url, 'chief', STRONG)).toBe(200);
      for (const demo of ['root', 'admin', 'ops', 'operator1']) {
        expect(await loginStatus(server.url, demo, DEMO_PASSWORD)).toBe(401);
      }
    } finally {
      await server.kill('SIGTERM');
    }
    expect(await contents({ dataDir: dir })).toEqual({ accounts: ['chief'], robots: 0, demoMarker: false });

    // Later starts need no ADMIN_*: the account exists.
    const again = await startServer({ dataDir: dir, env: { SEED_DEMO: '' } });
    expect(await loginStatus(again.url, 'chief', STRONG)).toBe(200);
    await again.kill('SIGTERM');
  });

  it('refuses a weak ADMIN_PASSWORD, and the demo password, naming the rule', async () => {
    const dir = dataDir();
    const weak = await runServerUntilExit({ dataDir: dir, env: { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'secret' } });
    expect(weak.code).toBe(2);
    expect(weak.output).toContain('ADMIN_PASSWORD refused');
    expect(weak.output).toContain('6-16 characters with an upper case letter, a lower case letter, a digit');
    const demo = await runServerUntilExit({
      dataDir: dir,
      env: { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: DEMO_PASSWORD },
    });
    expect(demo.code).toBe(2);
    expect(demo.output).toContain('published demo password');
    expect((await contents({ dataDir: dir })).accounts).toEqual([]);
  });

  it('refuses to start while an account has the demo password, naming it, unless ALLOW_DEMO_PASSWORDS=true', async () => {
    const dir = dataDir();
    await withAccounts(dir, [
      { username: 'legacy', password: DEMO_PASSWORD },
      { username: 'careful', password: STRONG },
    ]);
    const refused = await runServerUntilExit({ dataDir: dir });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('These accounts still have the published demo password: legacy.');
    expect(refused.output).not.toContain('careful');

    const allowed = await startServer({ dataDir: dir, env: { ALLOW_DEMO_PASSWORDS: 'true' } });
    expect(await loginStatus(allowed.url, 'legacy', DEMO_PASSWORD)).toBe(200);
    await allowed.kill('SIGTERM');
  });

  it('with SEED_DEMO=true on an empty database refuses before seeding: nothing is left behind', async () => {
    const dir = dataDir();
    const run = await runServerUntilExit({ dataDir: dir, env: { SEED_DEMO: 'true' } });
    expect(run.code).toBe(2);
    expect(run.output).toContain('SEED_DEMO=true would load the demo accounts');
    expect(run.output).toContain('Nothing was seeded.');
    expect(await contents({ dataDir: dir })).toEqual({ accounts: [], robots: 0, demoMarker: false });
  });

  it('refuses the demo password when an account is created or a password changed, in the caller language', async () => {
    const dir = dataDir();
    const server = await startServer({
      dataDir: dir,
      env: { SEED_DEMO: '', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: STRONG },
      readyTimeoutMs: 180_000,
    });
    try {
      const login = await fetch(`${server.url}/api/Users/v2_2_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chief', password: STRONG }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const call = (url: string, lang: string, body: object) =>
        fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': lang },
          body: JSON.stringify(body),
        });
      const account = { username: 'helper', password: DEMO_PASSWORD, name: 'Helper', role: 'administrator' };
      const created = await call('/api/Users', 'en', account);
      expect(created.status).toBe(400);
      const en = (await created.json()) as { code: string; msg: string };
      expect(en.code).toBe('PASSWORD_DEMO_REFUSED');
      expect(en.msg).toContain('published demo password');
      const zh = (await (await call('/api/Users', 'zh', account)).json()) as { code: string; msg: string };
      expect(zh.msg).toContain('公开的演示密码');
      const changed = await call('/api/Users/reset', 'en', {
        oldpassword: STRONG,
        password: DEMO_PASSWORD,
      });
      expect(changed.status).toBe(400);
      expect(((await changed.json()) as { code: string }).code).toBe('PASSWORD_DEMO_REFUSED');
      // Another password is accepted as before.
      const other = await call('/api/Users', 'en', { ...account, password: 'Helper@2027' });
      expect(other.status, await other.clone().text()).toBe(200);
      expect(await loginStatus(server.url, 'chief', STRONG)).toBe(200);
    } finally {
      await server.kill('SIGTERM');
    }
    // The next start runs: no account has the demo password.
    expect((await contents({ dataDir: dir })).accounts).toEqual(['chief', 'helper']);
    const again = await startServer({ dataDir: dir, env: { SEED_DEMO: '' }, readyTimeoutMs: 180_000 });
    await again.kill('SIGTERM');
  });

  it('with SEED_DEMO=true loads no demo into a database that holds an account', async () => {
    const dir = dataDir();
    await withAccounts(dir, [{ username: 'careful', password: STRONG }]);
    const server = await startServer({ dataDir: dir, env: { SEED_DEMO: 'true' } });
    expect(await loginStatus(server.url, 'root', DEMO_PASSWORD)).toBe(401);
    await server.kill('SIGTERM');
    expect(server.output.join('\n')).toContain('demo data not loaded: the database already holds accounts');
    expect(await contents({ dataDir: dir })).toEqual({ accounts: ['careful'], robots: 0, demoMarker: false });
  });
});

describe('npm run create-admin', () => {
  it('with flags refuses a weak password, creates a root operator, and the production start admits it', async () => {
    const dir = dataDir();
    const weak = createAdmin(['--username', 'boss', '--password', 'password1'], { DATA_DIR: dir });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('the password must be 6-16 characters');

    const made = createAdmin(['--username', 'boss', '--password', STRONG], { DATA_DIR: dir });
    expect(made.output).toContain('Administrator "boss" created');
    expect(made.code).toBe(0);
    const twice = createAdmin(['--username', 'boss', '--password', STRONG], { DATA_DIR: dir });
    expect(twice.code).toBe(1);
    expect(twice.output).toContain('an account named "boss" already exists');

    const server = await startServer({ dataDir: dir, env: { SEED_DEMO: '' } });
    expect(await loginStatus(server.url, 'boss', STRONG)).toBe(200);
    await server.kill('SIGTERM');
    expect(await contents({ dataDir: dir })).toEqual({ accounts: ['boss'], robots: 0, demoMarker: false });
  }, 300_000);

  it('without flags and without a terminal says what to give, and takes ADMIN_USERNAME/ADMIN_PASSWORD', async () => {
    const dir = dataDir();
    const run = createAdmin([], { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.output).toContain('give both --username <name> and --password <password>');
    const fromEnv = createAdmin([], { DATA_DIR: dir, ADMIN_USERNAME: 'envboss', ADMIN_PASSWORD: STRONG });
    expect(fromEnv.code).toBe(0);
    expect((await contents({ dataDir: dir })).accounts).toEqual(['envboss']);
  });

  it('works on PostgreSQL (DATABASE_URL), where a start without NODE_ENV is a production start', async () => {
    const postgres = await startPostgresForTest();
    try {
      const dir = dataDir();
      const target = { dataDir: dir, databaseUrl: postgres.url };
      const refused = await runServerUntilExit({ ...target, env: { NODE_ENV: '', SEED_DEMO: '' } });
      expect(refused.code).toBe(2);
      expect(refused.output).toContain('npm run create-admin');

      const made = createAdmin(['--username', 'pgboss', `--password=${STRONG}`], {
        DATA_DIR: dir,
        DATABASE_URL: postgres.url,
      });
      expect(made.code).toBe(0);
      const server = await startServer({ ...target, env: { NODE_ENV: '', SEED_DEMO: '' } });
      expect(await loginStatus(server.url, 'pgboss', STRONG)).toBe(200);
      expect(await loginStatus(server.url, 'root', DEMO_PASSWORD)).toBe(401);
      await server.kill('SIGTERM');
      expect(await contents(target)).toEqual({ accounts: ['pgboss'], robots: 0, demoMarker: false });
    } finally {
      await postgres.stop();
    }
  }, 300_000);
});

describe('npm start on the embedded default', () => {
  it('still loads the living demo, once it listens: the demo accounts sign in with the README password', async () => {
    const dir = dataDir();
    const server = await startServer({
      dataDir: dir,
      env: { NODE_ENV: '', SEED_DEMO: '', DEMO_FLEET: '0', JOBS: 'false' },
      readyTimeoutMs: 180_000,
    });
    try {
      // The server listened first, and loaded the demo data after (startServer waits for `demo: ready`; the log
      // line may reach the output a moment later).
      const lineOf = (text: string) => server.output.findIndex((l) => l.includes(text));
      const loaded = await until(
        async () => {
          const i = lineOf('the demo data is loaded');
          return i >= 0 ? i : undefined;
        },
        'the demo loaded line',
        10_000,
      );
      expect(lineOf('robot-ads is ready')).toBeGreaterThanOrEqual(0);
      expect(loaded).toBeGreaterThan(lineOf('robot-ads is ready'));
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { demo: string } };
      expect(health.data.demo).toBe('ready');
      expect(await loginStatus(server.url, 'root', DEMO_PASSWORD)).toBe(200);
    } finally {
      await server.kill('SIGTERM');
    }
    const seeded = await contents({ dataDir: dir });
    expect(seeded.demoMarker).toBe(true);
    expect(seeded.accounts).toEqual(expect.arrayContaining(['root', 'admin', 'ops', 'operator1', 'owner', 'sales']));
    expect(seeded.robots).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
