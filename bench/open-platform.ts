// A partner call through the open platform's whole check chain (blacklist, token, application, IP ranges,
// interface, rate limit, session and quota in the database, owning account) against the same call by a
// logged-in user: GET /api/Devices/queryRobotInfo, same app, same run. Prints the ratio of throughputs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openPglite } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/platform/config';
import { createUser, login } from '../apps/server/test/auth';
import type { TestApp } from '../apps/server/test/build-app';
import { createRobot } from '../apps/server/test/devices';
import { formatLoad, type LoadResult, runLoad } from './lib/load';

const durationMs = Number(process.env.BENCH_MS ?? 5000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));
const database = await openPglite();
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'test' });
const app = await buildApp({ config, database });
await app.ready();
const t = { app } as TestApp;

for (let i = 0; i < 50; i++) await createRobot(t);
const owner = await createUser(t, { role: 'administrator' });
const root = await createUser(t, { role: 'super', principals: 'root' });
const rootToken = await login(t, root.username, root.password);
const userToken = await login(t, owner.username, owner.password);
const KEY = 'GET /api/Devices/queryRobotInfo';
const created = await app.inject({
  method: 'POST',
  url: '/api/OpenPlatform/apiUsers',
  headers: { authorization: `Bearer ${rootToken}` },
  payload: {
    name: 'Bench partner',
    accountId: owner.id,
    interfaces: [KEY],
    ipRanges: ['127.0.0.0/8'],
    rateLimit: 100000,
    dailyQuota: 100000000,
  },
});
const { clientId, clientSecret } = created.json().data;
const token = await app.inject({
  method: 'POST',
  url: '/api/blade-auth/oauth/token',
  payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
});
const partnerToken = token.json().access_token as string;

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const url = `http://127.0.0.1:${port}/api/Devices/queryRobotInfo?start=0&limit=10`;
const as = (bearer: string) => () => ({ headers: { authorization: `Bearer ${bearer}` } });

// Warm both up, then measure each twice, alternating, and keep the better run of each.
await runLoad({ url, durationMs: 500, request: as(userToken) });
await runLoad({ url, durationMs: 500, request: as(partnerToken) });
const user: LoadResult[] = [];
const partner: LoadResult[] = [];
for (let round = 0; round < 2; round++) {
  user.push(await runLoad({ url, durationMs, request: as(userToken) }));
  partner.push(await runLoad({ url, durationMs, request: as(partnerToken) }));
}
const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
const userResult = best(user);
const partnerResult = best(partner);

console.log(formatLoad('logged-in user', userResult));
console.log(formatLoad('partner (whole check chain)', partnerResult));
console.log(`statuses: user ${JSON.stringify(userResult.statuses)}, partner ${JSON.stringify(partnerResult.statuses)}`);
const ratio = partnerResult.rps / userResult.rps;
console.log(`ratio partner/user throughput: ${ratio.toFixed(3)} (checks cost ${((1 / ratio - 1) * 100).toFixed(1)} %)`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
