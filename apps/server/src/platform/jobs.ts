import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { nextTurn } from './next-turn';

export type JobHandler = (data: Record<string, unknown>) => Promise<unknown>;

interface JobDefinition {
  name: string;
  handler: JobHandler;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /**
   * Longest a run may take (pg-boss expireInSeconds; default DEFAULT_JOB_EXPIRE_SECONDS): past it the
   * run is failed (and retried) and its handler's result is ignored, so no job holds its queue for ever.
   */
  expireInSeconds?: number;
}

export interface SendOptions {
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelay?: number;
  /** Doubles the delay at each retry. */
  retryBackoff?: boolean;
  startAfter?: number;
}

export const DEFAULT_JOB_EXPIRE_SECONDS = 600;

/** One queue's depth for /metrics. */
export interface QueueDepth {
  name: string;
  /** Jobs waiting to run now. */
  ready: number;
  /** Jobs waiting for a later time (retries, cron). */
  deferred: number;
  active: number;
}

/**
 * Background jobs on pg-boss, on the same database as everything else (its PGlite adapter when
 * embedded). Modules register job definitions before start; `send` queues one run.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly cleanups: Array<{ name: string; run: () => Promise<number> }> = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly databaseUrl?: string,
  ) {
    this.define({
      name: 'system.nightly-cleanup',
      cron: '17 3 * * *',
      handler: () => this.runCleanups(),
    });
  }

  define(def: JobDefinition) {
    this.definitions.set(def.name, def);
  }

  /** A clean-up task for the nightly job (expired tokens, old logs, ...); returns rows removed. */
  addCleanup(name: string, run: () => Promise<number>) {
    this.cleanups.push({ name, run });
  }

  async runCleanups(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const task of this.cleanups) removed[task.name] = await task.run();
    this.log.info({ removed }, 'nightly clean-up done');
    return removed;
  }

  /** The queue runs, or is starting (a job sent meanwhile waits for it). */
  get started() {
    return this.starting !== null;
  }

  /** For the health answer: running, starting (the server listens before the queue runs), or off. */
  get state(): 'ok' | 'starting' | 'off' {
    return this.boss ? 'ok' : this.starting ? 'starting' : 'off';
  }

  /**
   * Starts the queue. With `later`, its work begins at the event loop's next turn (the server listens first),
   * yet the queue counts as starting at once: a job sent from now on waits for it.
   */
  async start(options: { later?: boolean } = {}) {
    const boot = async () => {
      if (options.later) await nextTurn();
      return this.boot();
    };
    this.starting ??= boot().then(
      (boss) => {
        this.boss = boss;
        return boss;
      },
      (err: unknown) => {
        this.starting = null;
        throw err;
      },
    );
    await this.starting;
  }

  private async boot(): Promise<PgBoss> {
    // Embedded: pg-boss runs on the same PGlite through its adapter. PostgreSQL: its own small pool.
    const boss = this.database.pglite
      ? new PgBoss({ db: fromPglite(this.database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: this.databaseUrl, max: 2 });
    boss.on('error', (err: unknown) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const def of this.definitions.values()) {
      // A queue at a time, the requests that came meanwhile between them (the embedded database holds the event loop).
      await nextTurn();
      const expireInSeconds = def.expireInSeconds ?? DEFAULT_JOB_EXPIRE_SECONDS;
      await boss.createQueue(def.name, { expireInSeconds });
      // A queue made by an older version keeps its options: bring the time-out up to date.
      await boss.updateQueue(def.name, { expireInSeconds });
      await boss.work<Record<string, unknown>>(def.name, async (jobs) => {
        const results = [];
        for (const job of jobs) {
          const started = Date.now();
          results.push(await def.handler(job.data ?? {}));
          this.log.info({ job: def.name, jobId: job.id, ms: Date.now() - started }, 'job done');
        }
        return results.length === 1 ? results[0] : results;
      });
      if (def.cron) await boss.schedule(def.name, def.cron);
    }
    return boss;
  }

  /** The running queue, once it has started. */
  private async running(): Promise<PgBoss> {
    const boss = this.boss ?? (await this.starting);
    if (!boss) throw new Error('jobs are not started');
    return boss;
  }

  /** `options`: retries with backoff (retryLimit, retryDelay seconds, retryBackoff) and a later start. */
  async send(name: string, data: Record<string, unknown> = {}, options?: SendOptions): Promise<string | null> {
    const boss = await this.running();
    return options ? boss.send(name, data, options) : boss.send(name, data);
  }

  /** A job's state and output (for callers polling the progress of an export or import). */
  async getJob(name: string, id: string) {
    return (await this.running()).getJobById(name, id);
  }

  /** Depth of every queue of this app, once a starting queue runs (empty while the queue is off). */
  async depths(): Promise<QueueDepth[]> {
    const boss = this.boss ?? (await this.starting?.catch(() => null));
    if (!boss) return [];
    const queues = await boss.getQueues([...this.definitions.keys()]);
    return queues.map((q) => ({
      name: q.name,
      ready: q.readyCount,
      deferred: q.deferredCount,
      active: q.activeCount,
    }));
  }

  async stop() {
    const boss = await this.starting?.catch(() => null);
    this.starting = null;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
  }
}
