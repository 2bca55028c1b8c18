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
  stop(): Promise<void>;
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
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
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
 * alike; the rounds of each are merged. `cpuUs` is the server process's CPU time per answered request
 * (microseconds), which the machine's other work moves less than the rates.
 */
export async function alternate(
  totalMs: number,
  roundMs: number,
  servers: Record<'bare' | 'app', FleetServer>,
  measure: (which: 'bare' | 'app', ms: number) => Promise<LoadResult>,
): Promise<Record<'bare' | 'app', LoadResult & { cpuUs: number }>> {
  const rounds: Record<'bare' | 'app', LoadResult[]> = { bare: [], app: [] };
  const cpu = { bare: 0, app: 0 };
  for (let done = 0; done < totalMs; done += roundMs) {
    for (const which of ['bare', 'app'] as const) {
      const before = servers[which].cpuMs();
      rounds[which].push(await measure(which, roundMs));
      cpu[which] += servers[which].cpuMs() - before;
    }
  }
  const result = (which: 'bare' | 'app') => {
    const merged = mergeLoads(rounds[which]);
    return { ...merged, cpuUs: (cpu[which] * 1000) / Math.max(1, merged.requests) };
  };
  return { bare: result('bare'), app: result('app') };
}
