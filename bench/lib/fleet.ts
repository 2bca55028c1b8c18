import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadResult, mergeLoads } from './load';
import { freePort, startPostgres } from './postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface FleetServer {
  url: string;
  /** CPU time (ms, user + system) the server process has used so far; NaN where /proc is missing. */
  cpuMs(): number;
  /** Resident memory of the server process now and at its peak (MB, /proc VmRSS and VmHWM); NaN without /proc. */
  memoryMb(): { rss: number; peak: number };
  /** The app's longest database statement since its last /metrics scrape, with its text (asked over IPC). */
  longestStatement(): Promise<{ ms: number; sql: string } | null>;
  stop(): Promise<void>;
}

/** Resident memory (MB) of a process now and at its peak, from /proc/<pid>/status. */
function processMemoryMb(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** utime + stime of a process from /proc (clock ticks of 10 ms on Linux). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Starts bench/lib/fleet-server.ts (app or bare) in its own process and waits until it listens. */
export async function startFleetServer(
  mode: 'app' | 'bare',
  target: string,
  robots: number,
  versionsFile = '',
): Promise<FleetServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_PROF=app (or bare): a CPU profile of that server in /tmp/bench-prof (node --cpu-prof).
      ...(process.env.BENCH_PROF === mode ? ['--cpu-prof', '--cpu-prof-dir=/tmp/bench-prof'] : []),
      '--import',
      'tsx',
      path.join(ROOT, 'bench/lib/fleet-server.ts'),
      mode,
      String(port),
      target,
      String(robots),
      versionsFile,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid),
    memoryMb: () => processMemoryMb(child.pid),
    longestStatement: () =>
      mode === 'bare'
        ? Promise.resolve(null)
        : new Promise((resolve) => {
            const answer = (message: unknown) => {
              const m = message as { longestStatement?: { ms: number; sql: string } };
              if (!m.longestStatement) return;
              child.off('message', answer);
              resolve(m.longestStatement);
            };
            child.on('message', answer);
            child.send('longest-statement');
          }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The databases a bench runs on: the embedded one, then PostgreSQL (BENCH_DATABASE_URL or a throw-away cluster). */
export async function benchDatabases(): Promise<{ name: string; target: string; stop(): void }[]> {
  const wanted = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
  const list: { name: string; target: string; stop(): void }[] = [];
  if (wanted.includes('pglite')) list.push({ name: 'embedded (PGlite)', target: 'pglite', stop: () => undefined });
  if (wanted.includes('postgres')) {
    const external = process.env.BENCH_DATABASE_URL;
    if (external) list.push({ name: 'PostgreSQL', target: external, stop: () => undefined });
    else {
      const pg = await startPostgres('-c max_connections=100 -c synchronous_commit=off');
      list.push({ name: 'PostgreSQL (throw-away, synchronous_commit=off)', target: pg.url, stop: pg.stop });
    }
  }
  return list;
}

/** The machine's 1, 5 and 15 minute load averages, printed beside every set of figures. */
export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

export function machineLine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${loadAverage()} (other work on the machine skews every figure; the ratio to the bare route in the same run is the measure)`;
}

/** What stalled the app during the measure: the event loop's delay and the longest database statement. */
export interface Stall {
  /** Longest event loop delay of any app round (ms). */
  delayMaxMs: number;
  /** Worst p99 of the event loop delay among the app's rounds (ms). */
  delayP99Ms: number;
  statementMs: number;
  statementSql: string;
}

/** One gauge of the /metrics text (NaN when absent). */
function gauge(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/**
 * The app's stall gauges around its measured rounds: /metrics resets the event loop delay and the
 * longest statement at each scrape, so a scrape before a round opens its window and one after reads it.
 */
export class StallProbe {
  private stall: Stall = { delayMaxMs: 0, delayP99Ms: 0, statementMs: 0, statementSql: '' };
  constructor(private readonly server: FleetServer) {}

  private async scrape(): Promise<string> {
    const res = await fetch(`${this.server.url}/metrics`);
    return res.text();
  }

  async open() {
    await this.scrape();
  }

  async close() {
    // The statement's text first (IPC: the scrape below resets the window it is read from).
    const longest = await this.server.longestStatement();
    const text = await this.scrape();
    const s = this.stall;
    s.delayMaxMs = Math.max(s.delayMaxMs, gauge(text, 'robot_ads_event_loop_delay_max_seconds') * 1000);
    s.delayP99Ms = Math.max(s.delayP99Ms, gauge(text, 'robot_ads_event_loop_delay_p99_seconds') * 1000);
    const statementMs = gauge(text, 'robot_ads_db_statement_max_seconds') * 1000;
    if (statementMs > s.statementMs) {
      s.statementMs = statementMs;
      s.statementSql = longest?.sql ?? '';
    }
  }

  result(): Stall {
    return { ...this.stall };
  }
}

export const STALL_TARGET_MS = 20;

/**
 * The lines that say what stalled the app and how much memory it held, each with met/NOT met: the
 * event loop delay's p99 and the longest statement (on the embedded database: synchronous work on the
 * event loop) under STALL_TARGET_MS, the resident memory under the budget of docs/scaling.md.
 */
export function stallLines(stall: Stall, memory: { rss: number; peak: number }, robots: number, embedded: boolean) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const budget = memoryBudgetMb(robots);
  const statementLine =
    `longest database statement during the measure: ${stall.statementMs.toFixed(1)} ms` +
    (stall.statementSql ? ` (${stall.statementSql.slice(0, 100)})` : '');
  return [
    `event loop delay during the app's rounds: max ${stall.delayMaxMs.toFixed(1)} ms, worst round's p99 ` +
      `${stall.delayP99Ms.toFixed(1)} ms - target p99 < ${STALL_TARGET_MS} ms: ${verdict(stall.delayP99Ms < STALL_TARGET_MS)}`,
    embedded
      ? `${statementLine} - on the event loop, target < ${STALL_TARGET_MS} ms: ${verdict(stall.statementMs < STALL_TARGET_MS)}`
      : `${statementLine} (query to answer, off the event loop)`,
    `server resident memory: ${memory.rss.toFixed(0)} MB now, ${memory.peak.toFixed(0)} MB at its peak - budget ` +
      `${budget.toFixed(0)} MB for ${robots.toLocaleString('en')} robots (docs/scaling.md): ${verdict(memory.peak <= budget)}`,
  ];
}

/**
 * The resident memory budget of one instance (docs/scaling.md, "Memory"): 700 MB for the process, its
 * modules and the embedded database (about 600 MB measured with 3,000 robots), and 5 KB per robot (token
 * cache, presence, the 304 index, a built schedule per version): 1,200 MB at 100,000 robots.
 */
export function memoryBudgetMb(robots: number): number {
  return 700 + (robots * 5) / 1000;
}

export interface Row {
  run: string;
  result: LoadResult & { cpuUs?: number };
}

export function printRows(rows: Row[]) {
  console.table(
    rows.map((r) => ({
      run: r.run,
      'req/s': Math.round(r.result.rps),
      'p50 ms': r.result.p50.toFixed(1),
      'p99 ms': r.result.p99.toFixed(1),
      'server CPU us/req':
        r.result.cpuUs === undefined || Number.isNaN(r.result.cpuUs) ? '-' : r.result.cpuUs.toFixed(0),
      answers: JSON.stringify(r.result.statuses),
      errors: r.result.errors,
    })),
  );
}

/**
 * The same measure of the bare route and of the application, alternated in rounds of `roundMs`
 * (bare, app, bare, app ...) for `totalMs` each, so that a change in the machine's load hits both
 * alike; the rounds of each are merged. With a probe, the app's stall gauges are read around each of its
 * rounds. `cpuUs` is the server process's CPU time per answered request
 * (microseconds), which the machine's other work moves less than the rates.
 */
export async function alternate(
  totalMs: number,
  roundMs: number,
  servers: Record<'bare' | 'app', FleetServer>,
  measure: (which: 'bare' | 'app', ms: number) => Promise<LoadResult>,
  probe?: StallProbe,
): Promise<Record<'bare' | 'app', LoadResult & { cpuUs: number }>> {
  const rounds: Record<'bare' | 'app', LoadResult[]> = { bare: [], app: [] };
  const cpu = { bare: 0, app: 0 };
  for (let done = 0; done < totalMs; done += roundMs) {
    for (const which of ['bare', 'app'] as const) {
      if (which === 'app') await probe?.open();
      const before = servers[which].cpuMs();
      rounds[which].push(await measure(which, roundMs));
      cpu[which] += servers[which].cpuMs() - before;
      if (which === 'app') await probe?.close();
    }
  }
  const result = (which: 'bare' | 'app') => {
    const merged = mergeLoads(rounds[which]);
    return { ...merged, cpuUs: (cpu[which] * 1000) / Math.max(1, merged.requests) };
  };
  return { bare: result('bare'), app: result('app') };
}
