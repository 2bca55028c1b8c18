import { ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { currentTransaction } from '../../db/transaction-scope';
import type { Clock } from '../../platform/clock';
import { closeRedis, watchRedis } from '../../platform/redis-connections';
import { type BeatFields, type PresenceStatements, presenceStatements } from './presence.queries';

export type { BeatFields } from './presence.queries';

interface Pending extends BeatFields {
  /** ms of the last beat not yet written. */
  last: number;
}

/** Flush period of last-seen times (PRESENCE_FLUSH_MS): a crash loses at most this much of them. */
export const DEFAULT_FLUSH_MS = 2000;
/**
 * Rows per statement of a flush on PostgreSQL: building and sending a statement's arrays holds the event
 * loop (about 2 ms per 1,000 rows), so a flush is cut in statements of 2,000 with the requests that came
 * meanwhile answered between them (a 1,000,000-robot fleet's 2 s is 33 statements spread over instances).
 */
const FLUSH_CHUNK = 2_000;
/**
 * On the embedded database a statement holds the event loop while it runs (about 50 ms per 1,000 rows
 * on the development machine): statements of 100 rows (about 5 ms), and a pause of 2 ms
 * after each, so that the beats that came meanwhile are answered whole (a request needs several turns
 * of the event loop) before the next statement holds it again. A 100,000-robot fleet's 2 s (6,667 rows)
 * takes 67 statements and about half a second.
 */
const EMBEDDED_FLUSH_CHUNK = 100;
const EMBEDDED_FLUSH_PAUSE_MS = 2;
/** A connected device socket counts as a beat this often (well inside the online window). */
const SOCKET_TOUCH_MS = 20_000;
const REDIS_KEY = 'robot-ads:presence';

/*
 * Redis keeps one hash of last-seen times (ms) for the whole cluster. TOUCH answers whether the robot
 * is online as far as any instance knows (seen inside the window) and, if so, records the new beat;
 * a robot not online is left for the caller's write-through, which records it afterwards.
 */
const TOUCH_SCRIPT = `
  local prev = redis.call('HGET', KEYS[1], ARGV[1])
  if prev and tonumber(ARGV[2]) - tonumber(prev) < tonumber(ARGV[3]) then
    if tonumber(ARGV[2]) > tonumber(prev) then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
    return 1
  end
  return 0`;

interface WriteThrough {
  ref: string;
  fields: BeatFields;
  resolve: (known: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Who is online, kept in memory (and in Redis when REDIS_URL is set, so that every instance sees the
 * beats of every other): a heartbeat of a robot already online costs a map update and no database
 * work; the last-seen times are written in one statement every few seconds. A beat that changes the
 * state (the robot was offline or unknown) is written through at once, with its transition, before it
 * is answered: a crash loses at most the last few seconds of last-seen times, never a transition.
 * A device's socket.io connection counts as presence too. Readers (lists, board, map, sweep) call
 * `flush()` first, so that what they read includes every beat this instance has taken.
 */
export class Presence {
  /** Last beat (ms) of each robot this instance knows of; never newer than the truth. */
  private readonly seen = new Map<string, number>();
  private dirty = new Map<string, Pending>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private socketTimer: ReturnType<typeof setInterval> | undefined;
  /** Open device sockets on this instance, by robot. */
  private readonly sockets = new Map<string, number>();
  private queue: WriteThrough[] = [];
  private queueTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly statements: PresenceStatements;
  /** Rows per flush statement. */
  private readonly chunk: number;
  readonly redis: Redis | null;

  constructor(
    private readonly deps: { database: Database; clock: Clock; log: FastifyBaseLogger },
    private readonly options: { redisUrl?: string; flushMs?: number } = {},
  ) {
    this.statements = presenceStatements(deps.database);
    this.chunk = deps.database.pool ? FLUSH_CHUNK : EMBEDDED_FLUSH_CHUNK;
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, { enableAutoPipelining: true, maxRetriesPerRequest: 1, lazyConnect: true })
      : null;
    if (this.redis) watchRedis(this.redis, deps.log, 'presence');
    this.redis?.defineCommand('presenceTouch', { numberOfKeys: 1, lua: TOUCH_SCRIPT });
  }

  start() {
    if (this.timer) return;
    this.redis?.connect().catch(() => undefined);
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? DEFAULT_FLUSH_MS);
    this.timer.unref?.();
    this.socketTimer = setInterval(() => void this.touchSockets(), SOCKET_TOUCH_MS);
    this.socketTimer.unref?.();
  }

  /** Stops the timers and writes what is pending (graceful close). */
  async stop() {
    clearInterval(this.timer);
    clearInterval(this.socketTimer);
    this.timer = undefined;
    this.socketTimer = undefined;
    this.drainQueue();
    await this.flush();
    if (this.redis) await closeRedis(this.redis);
  }

  /**
   * A beat of a robot: true when it was online (seen inside the window, here or, with Redis, on any
   * instance): then it is recorded in memory only. False when the beat changes the state: the caller
   * writes it through (`writeThrough`).
   */
  async beat(robotRef: string, at: Date, fields: BeatFields): Promise<boolean> {
    const now = at.getTime();
    const local = this.seen.get(robotRef);
    let online = local !== undefined && now - local < ONLINE_WINDOW_MS;
    if (this.redis) {
      if (online) {
        // Seen here inside the window: online for sure; tell the others without waiting.
        this.redis.hset(REDIS_KEY, robotRef, String(now)).catch(() => undefined);
      } else {
        online = await this.redisTouch(robotRef, now);
      }
    }
    if (!online) return false;
    this.record(robotRef, now, fields);
    return true;
  }

  private async redisTouch(robotRef: string, now: number): Promise<boolean> {
    const redis = this.redis as Redis & {
      presenceTouch(key: string, ref: string, now: string, window: string): Promise<number>;
    };
    // Redis down: the database decides (write-through), as without Redis.
    return (await redis.presenceTouch(REDIS_KEY, robotRef, String(now), String(ONLINE_WINDOW_MS)).catch(() => 0)) === 1;
  }

  private record(robotRef: string, now: number, fields: BeatFields) {
    if ((this.seen.get(robotRef) ?? 0) < now) this.seen.set(robotRef, now);
    const pending = this.dirty.get(robotRef);
    if (!pending) {
      this.dirty.set(robotRef, mergeDefined<Pending>({ last: now }, fields));
      return;
    }
    pending.last = Math.max(pending.last, now);
    mergeDefined(pending, fields);
  }

  /**
   * Writes a state-changing beat to the database at once (coalesced with the others of the same few
   * milliseconds into one statement), then remembers the robot as online. False for a robot that
   * does not exist.
   */
  writeThrough(robotRef: string, fields: BeatFields): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ ref: robotRef, fields, resolve, reject });
      if (this.queue.length >= 500) this.drainQueue();
      else if (!this.queueTimer) this.queueTimer = setTimeout(() => this.drainQueue(), 5);
    });
  }

  private drainQueue() {
    if (this.queueTimer) clearTimeout(this.queueTimer);
    this.queueTimer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) void this.writeBatch(batch);
  }

  private async writeBatch(batch: WriteThrough[]) {
    const at = this.deps.clock.now();
    // One entry per robot: the last reported fields win.
    const byRef = new Map<string, BeatFields>();
    for (const b of batch) byRef.set(b.ref, { ...byRef.get(b.ref), ...definedOnly(b.fields) });
    const refs = [...byRef.keys()];
    const fields = refs.map((r) => byRef.get(r) as BeatFields);
    try {
      const found = await this.statements.writeThrough(refs, fields, at);
      for (const ref of found) {
        if ((this.seen.get(ref) ?? 0) < at.getTime()) this.seen.set(ref, at.getTime());
        this.redis?.hset(REDIS_KEY, ref, String(at.getTime())).catch(() => undefined);
      }
      for (const b of batch) b.resolve(found.has(b.ref));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  /** Writes the pending last-seen times (one statement per 2,000 robots, 100 on the embedded database); after any flush in progress. */
  flush(): Promise<void> {
    // Inside a transaction the raw connection is out of bounds: the reader sees the last flush.
    if (currentTransaction()) return this.flushing;
    const run = this.flushing.then(() => this.flushNow());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /** Between two statements of a flush: the requests that came meanwhile go first. */
  private pause() {
    return new Promise((resolve) =>
      this.deps.database.pool ? setImmediate(resolve) : setTimeout(resolve, EMBEDDED_FLUSH_PAUSE_MS),
    );
  }

  private async flushNow() {
    if (this.dirty.size === 0) return;
    const batch = this.dirty;
    this.dirty = new Map();
    const entries = [...batch.entries()];
    const at = this.deps.clock.now();
    try {
      for (let i = 0; i < entries.length; i += this.chunk) {
        if (i > 0) await this.pause();
        await this.statements.flush(entries.slice(i, i + this.chunk), at);
      }
    } catch (err) {
      // Keep them for the next flush (newer beats taken meanwhile win).
      for (const [ref, p] of batch) {
        const newer = this.dirty.get(ref);
        this.dirty.set(ref, newer ? { ...p, ...definedOnly(newer), last: newer.last } : p);
      }
      this.deps.log.warn({ err }, 'presence flush failed; kept for the next one');
    }
  }

  /** The freshest last beat (ms) known here or, with Redis, to any instance. */
  async lastSeen(robotRefs: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    for (const ref of robotRefs) {
      const local = this.seen.get(ref);
      if (local !== undefined) result.set(ref, local);
    }
    if (this.redis && robotRefs.length > 0) {
      for (let i = 0; i < robotRefs.length; i += 1000) {
        const chunk = robotRefs.slice(i, i + 1000);
        const values = await this.redis.hmget(REDIS_KEY, ...chunk).catch(() => [] as (string | null)[]);
        chunk.forEach((ref, k) => {
          const v = values[k] ? Number(values[k]) : undefined;
          if (v !== undefined && v > (result.get(ref) ?? 0)) result.set(ref, v);
        });
      }
    }
    return result;
  }

  /** A device socket opened: the robot is present for as long as it stays open. */
  socketOpened(robotRef: string) {
    this.sockets.set(robotRef, (this.sockets.get(robotRef) ?? 0) + 1);
    return this.presentNow(robotRef);
  }

  socketClosed(robotRef: string) {
    const left = (this.sockets.get(robotRef) ?? 1) - 1;
    if (left > 0) this.sockets.set(robotRef, left);
    else this.sockets.delete(robotRef);
  }

  /** A beat on behalf of a connection: in memory when online, else written through. */
  private async presentNow(robotRef: string) {
    try {
      if (!(await this.beat(robotRef, this.deps.clock.now(), {}))) await this.writeThrough(robotRef, {});
    } catch (err) {
      this.deps.log.warn({ err }, 'presence of a device socket');
    }
  }

  /** Every robot with an open socket beats, so a connected device need not beat over HTTP. */
  private async touchSockets() {
    const now = this.deps.clock.now().getTime();
    const due = [...this.sockets.keys()].filter((ref) => now - (this.seen.get(ref) ?? 0) >= SOCKET_TOUCH_MS - 1000);
    await Promise.all(due.map((ref) => this.presentNow(ref)));
  }

  /** Robots written offline by a sweep: forget them, so their next beat is written through. */
  forget(robotRefs: Iterable<string>) {
    for (const ref of robotRefs) this.seen.delete(ref);
  }
}

/** Copies the reported (not null) fields onto `into`: a beat that omits one keeps the last reported value. */
function mergeDefined<T extends BeatFields>(into: T, fields: BeatFields): T {
  if (fields.status != null) into.status = fields.status;
  if (fields.appVersion != null) into.appVersion = fields.appVersion;
  if (fields.lng != null) into.lng = fields.lng;
  if (fields.lat != null) into.lat = fields.lat;
  if (fields.freeStorage != null) into.freeStorage = fields.freeStorage;
  return into;
}

function definedOnly(fields: BeatFields): BeatFields {
  return mergeDefined({}, fields);
}
