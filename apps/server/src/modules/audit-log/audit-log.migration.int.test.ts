import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../../test/migrations';
import { MIGRATIONS_DIR } from '../../db/client';

/**
 * The migration that makes one audit log: the rows of the system administration's change log and of the
 * open platform's log, written before it, are in audit_log after it with their source, and both old
 * tables are gone.
 */
const before = migrationsBefore('audit_log_merged');
const client = new PGlite();

afterAll(async () => {
  await client.close();
  before.remove();
});

describe('one audit log (migration)', () => {
  it('moves the change log and the open platform log into audit_log, with their source', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.dir });
    await db.execute(sql`insert into admin_audit_log (id, at, user_id, username, action, target, detail, ip, user_agent)
      values ('a1', '2026-11-20T10:00:00Z', 'u1', 'super', 'param.submit', 'low_pull_rate', '{"paramValue":"0.7"}', '10.0.0.1', 'Firefox')`);
    await db.execute(sql`insert into open_audit_log (id, at, actor_kind, actor, action, target, ip, status) values
      ('o1', '2026-11-21T10:00:00Z', 'partner', 'op0123', 'GET /api/Playlists/queryByPage_v3', '/api/Playlists/queryByPage_v3', '203.0.113.9', 429),
      ('o2', '2026-11-22T10:00:00Z', 'user', 'root', 'apiUser.create', 'Agency (op0123)', '10.0.0.2', 200)`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const rows = (
      await db.execute(
        sql`select id, source, actor_kind, user_id, actor, action, target, detail, ip, user_agent, status from audit_log order by id`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        id: 'a1',
        source: 'system',
        actor_kind: 'user',
        user_id: 'u1',
        actor: 'super',
        action: 'param.submit',
        target: 'low_pull_rate',
        detail: { paramValue: '0.7' },
        ip: '10.0.0.1',
        user_agent: 'Firefox',
        status: 200,
      },
      {
        id: 'o1',
        source: 'openPlatform',
        actor_kind: 'partner',
        user_id: '',
        actor: 'op0123',
        action: 'GET /api/Playlists/queryByPage_v3',
        target: '/api/Playlists/queryByPage_v3',
        detail: {},
        ip: '203.0.113.9',
        user_agent: '',
        status: 429,
      },
      {
        id: 'o2',
        source: 'openPlatform',
        actor_kind: 'user',
        user_id: '',
        actor: 'root',
        action: 'apiUser.create',
        target: 'Agency (op0123)',
        detail: {},
        ip: '10.0.0.2',
        user_agent: '',
        status: 200,
      },
    ]);
    const old = await db.execute(
      sql`select table_name from information_schema.tables where table_name in ('admin_audit_log', 'open_audit_log')`,
    );
    expect(old.rows).toEqual([]);
  }, 120_000);
});
