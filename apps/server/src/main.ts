import type { buildApp } from './app';
import { openDatabase } from './db/client';
import type { DemoFleet } from './modules/demo-fleet/demo-fleet';
import { ConfigError, loadConfig } from './platform/config';

/** How long each step of the start took (ms), logged once the server listens (docs/operations.md, start times). */
const phases: Record<string, number> = {};
let phaseStart = performance.now();
function phase(name: string) {
  const now = performance.now();
  phases[name] = Math.round(now - phaseStart);
  phaseStart = now;
}

async function main() {
  // From the process's start: Node and the modules of this file (the bundle of `npm start`, or tsx's compiling in dev).
  phases.imports = Math.round(process.uptime() * 1000);
  phaseStart = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  // The database opens (the embedded one compiles its WebAssembly) while the application's modules load.
  const opening = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  opening.catch(() => undefined); // awaited below; a failed module load must not leave it unhandled
  const [
    { buildApp },
    { prepareAccounts, StartRefused },
    { startDemoFleet },
    { chooseLogFormat, prettyLogStream },
    { seedIfEmpty },
  ] = await Promise.all([
    import('./app'),
    import('./startup'),
    import('./modules/demo-fleet/demo-fleet'),
    import('./platform/log-format'),
    import('./db/seed/seed'),
  ]);
  phase('modules');
  const database = await opening;
  phase('database');
  await database.migrate();
  phase('migrations');
  // A person at a terminal reads lines; a log collector reads JSON (LOG_FORMAT, platform/log-format.ts).
  const pretty = chooseLogFormat(config.LOG_FORMAT, process.stdout.isTTY) === 'pretty';
  const app = await buildApp({
    config,
    database,
    startJobs: config.JOBS,
    // The day partitions and the job queue's start run while the server already listens.
    startLater: true,
    ...(pretty ? { logDestination: prettyLogStream() } : {}),
  });
  phase('app');
  // A first start loads the demo data once it listens (in under 5 s), the health answer saying `demo: loading`.
  let demoPending = false;
  try {
    ({ demoPending } = await prepareAccounts(app.ctx, { demoLater: true }));
    app.ctx.demo.status = demoPending ? 'loading' : config.SEED_DEMO ? 'ready' : 'off';
    phase('accounts');
  } catch (err) {
    if (!(err instanceof StartRefused)) throw err;
    console.error(err.message);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(2);
  }

  // The fleet's start, awaited by a shutdown that comes while the robots are still starting.
  let fleet: Promise<DemoFleet | null> = Promise.resolve(null);
  let closing = false;
  // A shutdown while the demo data loads stops the load between two of its steps (nothing of it is kept).
  const demoLoad = new AbortController();
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    // app.close(): no new connections, sockets closed (preClose), requests in flight answered, then
    // the jobs and the database; bounded by SHUTDOWN_TIMEOUT_MS.
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than SHUTDOWN_TIMEOUT_MS, exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      demoLoad.abort();
      // The demo robots stop (and report their last plays) while the server still answers them.
      await (await fleet.catch(() => null))?.stop();
      await app.close();
      await database.close();
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  phase('listen');
  const total = Object.values(phases).reduce((a, b) => a + b, 0);
  app.log.info({ startMs: total, phases }, `robot-ads is ready at http://localhost:${config.PORT}`);
  const listened = performance.now();
  void app.started().then(() => {
    const ms = Math.round(performance.now() - listened);
    app.log.info({ ms }, 'the day partitions are made and the job queue runs');
  });
  // The demo data of a first start, then the demo robots, which run only where a demo was asked for (SEED_DEMO)
  // and the database holds the demo data. A shutdown meanwhile waits for both (`fleet`).
  if (!closing && config.SEED_DEMO) {
    fleet = (async () => {
      if (demoPending) {
        const loading = performance.now();
        try {
          await seedIfEmpty(app.ctx, demoLoad.signal);
        } catch (err) {
          if (closing) return null;
          app.log.error({ err }, 'the demo data could not be loaded: stopping');
          setImmediate(() => void shutdown('demo data not loaded', 1));
          return null;
        }
        app.log.info(
          { ms: Math.round(performance.now() - loading) },
          'the demo data is loaded: demo accounts can sign in',
        );
        app.ctx.demo.status = 'ready';
      }
      return closing ? null : startDemoFleet(app.ctx, { size: config.DEMO_FLEET, baseUrl: ownAddress(app) });
    })();
    await fleet;
  }
}

/** The server's own address as its robots reach it (a wildcard host is reached on the loopback). */
function ownAddress(app: Awaited<ReturnType<typeof buildApp>>): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `http://127.0.0.1:${app.ctx.config.PORT}`;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
