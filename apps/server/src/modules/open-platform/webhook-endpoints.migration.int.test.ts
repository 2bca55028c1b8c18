import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../../test/migrations';
import { MIGRATIONS_DIR } from '../../db/client';

/**
 * The migration to Standard Webhooks endpoints: the subscriptions (one per URL and event, each with its
 * secret) of one application and URL become one endpoint with their events and the oldest one's secret; the
 * other secrets still sign for 30 days; their deliveries follow; another application's same URL stays apart.
 */
const before = migrationsBefore('webhook_endpoints');
const client = new PGlite();

afterAll(async () => {
  await client.close();
  before.remove();
});

describe('webhook endpoints (migration)', () => {
  it('merges the subscriptions of one application and URL into one endpoint with one secret', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.dir });
    await db.execute(sql`insert into open_webhooks (id, api_user_id, event, url, signing_secret, enabled, created_at) values
      ('w1', 'app1', 'audit.result', 'https://a.example/hooks', 'whsec_first', true, '2026-11-01T10:00:00Z'),
      ('w2', 'app1', 'shooting.photo', 'https://a.example/hooks', 'whsec_second', true, '2026-11-02T10:00:00Z'),
      ('w3', 'app1', 'shooting.photo', 'https://a.example/hooks', 'whsec_third', true, '2026-11-03T10:00:00Z'),
      ('w4', 'app1', 'proofOfPlay.hourly', 'https://a.example/hooks', 'whsec_fourth', false, '2026-11-04T10:00:00Z'),
      ('w5', 'app2', 'audit.result', 'https://a.example/hooks', 'whsec_other', false, '2026-11-05T10:00:00Z'),
      ('w6', 'app1', 'plan.pulledRatio', 'https://b.example/hooks', 'whsec_b', true, '2026-11-06T10:00:00Z')`);
    await db.execute(sql`insert into open_webhook_deliveries (id, webhook_id, event_id, event, payload, created_at) values
      ('d1', 'w1', 'e1', 'audit.result', '{}', '2026-11-10T10:00:00Z'),
      ('d3', 'w3', 'e3', 'shooting.photo', '{}', '2026-11-10T10:00:00Z')`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const rows = (
      await db.execute(
        sql`select id, api_user_id, url, events, enabled, signing_secret, retiring_secrets from open_webhooks order by id`,
      )
    ).rows as { retiring_secrets: { secret: string; until: number }[] }[];
    expect(rows).toEqual([
      {
        id: 'w1',
        api_user_id: 'app1',
        url: 'https://a.example/hooks',
        // The switched-off subscription's event is not heard by the merged endpoint.
        events: ['audit.result', 'shooting.photo'],
        enabled: true,
        signing_secret: 'whsec_first',
        retiring_secrets: expect.any(Array),
      },
      {
        id: 'w5',
        api_user_id: 'app2',
        url: 'https://a.example/hooks',
        events: ['audit.result'],
        enabled: false,
        signing_secret: 'whsec_other',
        retiring_secrets: [],
      },
      {
        id: 'w6',
        api_user_id: 'app1',
        url: 'https://b.example/hooks',
        events: ['plan.pulledRatio'],
        enabled: true,
        signing_secret: 'whsec_b',
        retiring_secrets: [],
      },
    ]);
    const retiring = rows[0]?.retiring_secrets ?? [];
    expect(retiring.map((r) => r.secret).sort()).toEqual(['whsec_fourth', 'whsec_second', 'whsec_third']);
    const days = (retiring[0]?.until ?? 0) - Date.now() / 1000;
    expect(Math.round(days / 86400)).toBe(30);
    const deliveries = (await db.execute(sql`select id, webhook_id from open_webhook_deliveries order by id`)).rows;
    expect(deliveries).toEqual([
      { id: 'd1', webhook_id: 'w1' },
      { id: 'd3', webhook_id: 'w1' },
    ]);
    // One endpoint per application and URL from now on.
    await expect(
      db.execute(sql`insert into open_webhooks (id, api_user_id, events, url, signing_secret, created_at)
        values ('w7', 'app1', '["audit.result"]', 'https://a.example/hooks', 'whsec_x', now())`),
    ).rejects.toThrow();
  });
});
