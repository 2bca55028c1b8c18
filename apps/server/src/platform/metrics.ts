import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { AppError } from './app-error';
import type { QueueDepth } from './jobs';

export const METRICS_PATH = '/metrics';

/** The route label of a request: the pattern it matched (`/api/Playlists/:id`), never the raw URL. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * What stalls the server, since the previous scrape (each scrape reads and starts a new window, so one
 * scraper should read them; the fleet benches scrape before and after their measure):
 * - robot_ads_event_loop_delay_{max,p99}_seconds: how late the event loop ran a 5 ms timer
 *   (perf_hooks.monitorEventLoopDelay), i.e. how long every request waited behind synchronous work;
 * - robot_ads_db_statement_max_seconds: the longest database call (db/statement-timing.ts): on the
 *   embedded database, synchronous work on the event loop.
 * The default nodejs_eventloop_lag_* gauges measure the same, also reset per scrape (prom-client).
 */
function registerStallGauges(registry: Registry, database: Database) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let window = { max: 0, p99: 0 };
  // Both gauges of one scrape read one window: whichever collects first (after the other has shown the
  // previous window) reads the histogram and resets it.
  const shown = { max: true, p99: true };
  const take = (which: 'max' | 'p99') => {
    if (shown[which]) {
      // The histogram is in nanoseconds; with no sample yet it reads as 0 (its max is then a sentinel).
      window = delay.count > 0 ? { max: delay.max / 1e9, p99: delay.percentile(99) / 1e9 } : { max: 0, p99: 0 };
      delay.reset();
      shown.max = false;
      shown.p99 = false;
    }
    shown[which] = true;
    return window[which];
  };
  new Gauge({
    name: 'robot_ads_event_loop_delay_max_seconds',
    help: 'Longest delay of the event loop since the previous scrape (perf_hooks.monitorEventLoopDelay, 5 ms resolution)',
    registers: [registry],
    collect() {
      this.set(take('max'));
    },
  });
  new Gauge({
    name: 'robot_ads_event_loop_delay_p99_seconds',
    help: '99th percentile of the event loop delay since the previous scrape',
    registers: [registry],
    collect() {
      this.set(take('p99'));
    },
  });
  new Gauge({
    name: 'robot_ads_db_statement_max_seconds',
    help: 'Longest database call since the previous scrape (embedded database: synchronous work on the event loop; PostgreSQL: query to answer)',
    registers: [registry],
    collect() {
      this.set(database.statements.take().ms / 1000);
    },
  });
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at GET /metrics (text exposition format): HTTP requests by route pattern, method
 * and status (count and latency), the job queues' depth, the database connections and its answer time,
 * the process (CPU, memory, event loop, GC) and whatever modules add (`extra`, e.g. event ingest).
 *
 * Access: with METRICS_TOKEN set, `Authorization: Bearer <METRICS_TOKEN>` is required; without it only
 * callers on the same machine (loopback) are served, so a scraper needs the token or a local agent.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: {
    database: Database;
    queueDepths: () => Promise<QueueDepth[]>;
    token?: string;
    extra?: Metric[];
  },
): { registry: Registry; instrument: (instance: FastifyInstance) => void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of deps.extra ?? []) registry.registerMetric(metric);

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being handled now',
    registers: [registry],
  });

  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in each background queue, by state (ready: waiting to run now; deferred: waiting for later; active)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await deps.queueDepths().catch(() => []);
      for (const q of depths) {
        this.set({ queue: q.name, state: 'ready' }, q.ready);
        this.set({ queue: q.name, state: 'deferred' }, q.deferred);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });

  const { database } = deps;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: total and idle connections, and queries waiting for one (PostgreSQL pool); the embedded database has one connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'db_ping_seconds',
    help: 'Time the database took to answer `select 1` at this scrape (-1: no answer within 5 s)',
    registers: [registry],
    async collect() {
      const started = process.hrtime.bigint();
      const answered = await Promise.race([
        database.ping().then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
      ]);
      this.set(answered ? Number(process.hrtime.bigint() - started) / 1e9 : -1);
    },
  });

  registerStallGauges(registry, database);

  // A request leaves the gauge once, whether it was answered or its client went away first.
  const open = new WeakSet<FastifyRequest>();
  const leave = (request: FastifyRequest) => {
    if (open.delete(request)) inFlight.dec();
  };
  // The labelled series of each method, route and status, looked up once: prom-client hashes the labels
  // of every call otherwise (a sort and a join per request on the device hot paths).
  const seriesOf = new Map<string, { observe: (seconds: number) => void }>();
  const series = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let found = seriesOf.get(key);
    if (!found) {
      const count = requests.labels({ method, route, status: String(status) });
      const time = duration.labels({ method, route, status_class: `${Math.floor(status / 100)}xx` });
      found = {
        observe: (seconds) => {
          count.inc();
          time.observe(seconds);
        },
      };
      seriesOf.set(key, found);
    }
    return found;
  };
  /** Counts the requests of an instance (the application, and the device lane that shares its port). */
  const instrument = (instance: FastifyInstance) => {
    instance.addHook('onRequest', (request, _reply, done) => {
      open.add(request);
      inFlight.inc();
      done();
    });
    instance.addHook('onRequestAbort', async (request) => leave(request));
    instance.addHook('onResponse', (request, reply, done) => {
      done();
      leave(request);
      const route = routeOf(request);
      const status = reply.statusCode;
      series(request.method, route, status).observe(reply.elapsedTime / 1000);
      if (status >= 500) errors.inc({ method: request.method, route });
    });
  };
  instrument(app);

  app.get(
    METRICS_PATH,
    {
      schema: { hide: true },
      // Not a user route: it has its own check below (METRICS_TOKEN or loopback).
      config: { public: true },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.replace(/^Bearer\s+/i, '');
      if (deps.token) {
        if (!sameSecret(given, deps.token)) throw new AppError('METRICS_TOKEN_WRONG');
      } else if (!isLoopback(request.ip)) {
        throw new AppError('METRICS_LOCAL_ONLY');
      }
      const body = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
  return { registry, instrument };
}
