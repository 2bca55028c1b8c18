import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
  /** Every latency (ms), sorted. */
  latencies: number[];
}

export interface LoadOptions {
  url: string;
  method?: string;
  /** Headers and body per request; `i` counts requests so callers can vary them (many robots). */
  request?: (i: number) => { headers?: Record<string, string>; body?: string; path?: string };
  connections?: number;
  durationMs?: number;
  /** Stop after this many requests (a warm-up that touches every robot once). */
  maxRequests?: number;
}

/**
 * A small closed-loop HTTP load generator on keep-alive connections: `connections` loops each send the
 * next request when the previous answer has arrived, for `durationMs`. Bounded in time, loopback only.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const target = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('loopback targets only');
  const connections = opts.connections ?? 32;
  const durationMs = opts.durationMs ?? 5000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const extra = opts.request?.(i) ?? {};
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: extra.path ?? target.pathname + target.search,
          method: opts.method ?? 'GET',
          headers: {
            ...(extra.body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(extra.body) }
              : {}),
            ...extra.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      if (extra.body) req.write(extra.body);
      req.end();
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && counter < (opts.maxRequests ?? Number.POSITIVE_INFINITY))
        await one(counter++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: pick(0.5),
    p99: pick(0.99),
    statuses,
    latencies,
  };
}

/**
 * Open loop: a new request every 1/rate s whatever the answers do (as a fleet behaves), for
 * `durationMs`; the latencies are those of requests sent at that rate.
 */
export async function runOpenLoad(opts: LoadOptions & { rate: number }): Promise<LoadResult> {
  const target = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('loopback targets only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const pending: Promise<void>[] = [];
  const durationMs = opts.durationMs ?? 5000;
  const total = Math.round((opts.rate * durationMs) / 1000);
  const started = performance.now();
  let sent = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const extra = opts.request?.(i) ?? {};
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: extra.path ?? target.pathname + target.search,
          method: opts.method ?? 'GET',
          headers: {
            ...(extra.body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(extra.body) }
              : {}),
            ...extra.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      if (extra.body) req.write(extra.body);
      req.end();
    });
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * opts.rate));
    while (sent < due) pending.push(one(sent++));
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: pick(0.5),
    p99: pick(0.99),
    statuses,
    latencies,
  };
}

/** Several measures of one target as one (alternated with another target's, on a machine whose load varies). */
export function mergeLoads(results: LoadResult[]): LoadResult {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const statuses: Record<number, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + v;
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    seconds,
    rps: latencies.length / seconds,
    p50: pick(0.5),
    p99: pick(0.99),
    statuses,
    latencies,
  };
}

export function formatLoad(name: string, r: LoadResult): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   (${r.requests} requests, ${r.errors} errors)`;
}
