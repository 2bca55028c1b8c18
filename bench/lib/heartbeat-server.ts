/**
 * The server half of bench/heartbeat.ts, run in its own process so that the load generator does not
 * share its event loop: `app` is the real application on PostgreSQL, `bare` a Fastify route that
 * parses and validates the same body and answers the same shape without touching a database.
 */

import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { heartbeatBody, heartbeatResult } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { openPostgres } from '../../apps/server/src/db/client';
import { loadConfig } from '../../apps/server/src/platform/config';
import { validatorCompiler } from '../../apps/server/src/platform/validation';

const [mode = 'bare', portText = '0', databaseUrl = '', robotsText = '0'] = process.argv.slice(2);
const port = Number(portText);

async function seedRobots(database: Awaited<ReturnType<typeof openPostgres>>, count: number) {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL expected');
  const { rows } = await pool.query("select count(*)::int as n from robots where robot_id like 'BENCH%'");
  if ((rows[0]?.n ?? 0) >= count) return;
  await pool.query(
    `insert into robots (id, robot_id, name, type, activated, in_use, province, city, lng, lat)
     select lpad(to_hex(i), 24, '0'), 'BENCH' || i, 'Bench ' || i, 'service', true, true, '广东省', '深圳市',
            113.9 + (i % 100) * 0.001, 22.5 + (i % 97) * 0.001
     from generate_series(1, $1::int) i on conflict do nothing`,
    [count],
  );
  await pool.query(
    `insert into device_tokens (id, robot_ref, token_hash)
     select lpad(to_hex(i + 268435456), 24, '0'), lpad(to_hex(i), 24, '0'),
            encode(sha256(convert_to('dt_bench_' || i, 'UTF8')), 'hex')
     from generate_series(1, $1::int) i on conflict do nothing`,
    [count],
  );
  await pool.query('analyze robots; analyze device_tokens');
}

/** Steady state: every robot already online (a fleet that has been beating), so beats do not flip state. */
async function markOnline(database: Awaited<ReturnType<typeof openPostgres>>) {
  await database.pool?.query("update robots set online = true, last_heartbeat_at = now() where robot_id like 'BENCH%'");
}

async function main() {
  if (mode === 'app') {
    const database = await openPostgres(databaseUrl, Number(process.env.BENCH_POOL ?? 20));
    await database.migrate();
    await seedRobots(database, Number(robotsText));
    await markOnline(database);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JOBS: 'false',
      DATABASE_URL: databaseUrl,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/robot-ads-bench-data',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    await app.listen({ port, host: '127.0.0.1' });
  } else {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.post(
      '/api/device/v1/heartbeat',
      { schema: { body: heartbeatBody, response: { 200: okEnvelope(heartbeatResult) } } },
      async (request) => {
        if (!request.headers.authorization) throw new Error('no token');
        return {
          success: true as const,
          data: { serverTime: Math.floor(Date.now() / 1000), heartbeatInterval: 30, online: true as const },
        };
      },
    );
    await app.listen({ port, host: '127.0.0.1' });
  }
  process.stdout.write('READY\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
