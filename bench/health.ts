// GET /api/health of the real app against a bare Fastify route, same process, same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openPglite } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/platform/config';
import { formatLoad, runLoad } from './lib/load';

const durationMs = Number(process.env.BENCH_MS ?? 5000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));

const bare = Fastify();
bare.get('/bare', async () => ({ success: true, data: { status: 'ok' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const database = await openPglite();
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;

// Warm both up before measuring.
await runLoad({ url: `http://127.0.0.1:${barePort}/bare`, durationMs: 500 });
await runLoad({ url: `http://127.0.0.1:${appPort}/api/health`, durationMs: 500 });

const bareResult = await runLoad({ url: `http://127.0.0.1:${barePort}/bare`, durationMs });
const appResult = await runLoad({ url: `http://127.0.0.1:${appPort}/api/health`, durationMs });

console.log(formatLoad('bare Fastify route', bareResult));
console.log(formatLoad('GET /api/health', appResult));
console.log(`ratio health/bare: ${(appResult.rps / bareResult.rps).toFixed(3)}`);

await app.close();
await bare.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
