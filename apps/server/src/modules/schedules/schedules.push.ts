import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Namespace, Server } from 'socket.io';
import { closeRedis, watchRedis } from '../../platform/redis-connections';
import { deviceOfToken } from '../device-protocol/device-auth';
import { revokedTokensSince } from '../devices/devices.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { robotsWithShootChangesSince } from '../shooting/shooting.queries';
import { changedRobotsSince } from './schedules.repository';
import type { ScheduleCache } from './schedules.service';

/** The socket.io namespace devices connect to with their device token. */
export const DEVICE_NAMESPACE = '/device';
/** The event that tells a device to pull its schedule now. */
export const COLLECT_EVENT = 'collect';

export const robotRoom = (robotRef: string) => `robot:${robotRef}`;

declare module 'socket.io' {
  interface SocketData {
    robotRef?: string;
    robotId?: string;
  }
}

/** A change already acted on: its robot and time stamp, and how many rows carried that stamp. */
const changeKey = (robotRef: string, at: number) => `${robotRef} ${at}`;

/** The Redis channel on which an instance tells the others what its feed saw. */
const INVALIDATION_CHANNEL = 'robot-ads:schedule-invalidation';

interface Invalidation {
  from: string;
  /** Each robot told, with its latest change and the changes acted on ([stamp, rows]). */
  robots: { ref: string; at: number; seen: [number, number][] }[];
  tokens: string[];
}

/**
 * Watches the database for changes to what robots play (every instance on its own, so it works with
 * several instances on one database) and, for each robot concerned, drops its cached schedule and
 * pushes "collect now" to its sockets. The window overlaps the previous one so that a transaction that
 * committed late is still seen; a change already pushed is not pushed twice, yet a late one is (changes
 * are remembered by robot, stamp and number of rows, not as each robot's latest stamp, which would hide
 * a transaction that commits after a later-stamped one, or any change after a row stamped ahead by a
 * database whose clock runs ahead of the server's). It looks every 2 s and
 * right after any request that may have changed something (`nudge`); with Redis, what one instance
 * sees is published at once to every other, so a change made through one instance reaches the 304
 * index of all of them within milliseconds, not at their next look.
 */
export class ScheduleFeed {
  private since: Date;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<string[]> | null = null;
  /** The changes acted on within the window, by robot and stamp: [stamp, rows]. */
  private readonly seen = new Map<string, [number, number]>();
  private namespace: Namespace | null = null;
  private nudged: ReturnType<typeof setTimeout> | null = null;
  private readonly instance = randomUUID();
  private redis: { pub: Redis; sub: Redis } | null = null;

  constructor(
    private readonly ctx: PublishingContext,
    private readonly cache: ScheduleCache,
    private readonly overlapMs = 30_000,
  ) {
    this.since = ctx.clock.now();
  }

  /** Opens the device namespace: a connection proves itself with its device token and joins its robot's room. */
  attach(io: Server) {
    const namespace = io.of(DEVICE_NAMESPACE);
    namespace.use((socket, next) => {
      const auth = socket.handshake.auth as Record<string, unknown> | undefined;
      const raw = auth?.token ?? socket.handshake.query.token;
      const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '') : '';
      if (!token) return next(new Error('DEVICE_TOKEN_INVALID'));
      deviceOfToken(this.ctx.deviceTokens, token)
        .then((robot) => {
          if (!robot) return next(new Error('DEVICE_TOKEN_INVALID'));
          socket.data.robotRef = robot.robotRef;
          socket.data.robotId = robot.robotId;
          next();
        })
        .catch(() => next(new Error('DEVICE_TOKEN_INVALID')));
    });
    namespace.on('connection', (socket) => {
      const robotRef = socket.data.robotRef;
      if (!robotRef) return;
      void socket.join(robotRoom(robotRef));
      // A connected device is present: it need not beat over HTTP as well.
      void this.ctx.presence.socketOpened(robotRef);
      socket.on('disconnect', () => this.ctx.presence.socketClosed(robotRef));
    });
    this.namespace = namespace;
  }

  /** Subscribes to the other instances' invalidations (REDIS_URL). */
  private async listen(url: string) {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) watchRedis(c, this.ctx.log, 'schedule invalidation');
    this.redis = { pub, sub };
    sub.on('message', (_channel: string, text: string) => {
      try {
        this.apply(JSON.parse(text) as Invalidation);
      } catch (err) {
        this.ctx.log.warn({ err }, 'schedule invalidation message');
      }
    });
    await Promise.all([pub.connect(), sub.connect()]).catch(() => undefined);
    await sub.subscribe(INVALIDATION_CHANNEL).catch(() => undefined);
  }

  private apply(message: Invalidation) {
    if (message.from === this.instance) return;
    this.ctx.deviceTokens.evict(message.tokens);
    this.cache.invalidate(message.robots.map((r) => r.ref));
    // The instance that saw it has pushed "collect" (through the socket.io Redis adapter to every instance).
    for (const r of message.robots) for (const [at, rows] of r.seen) this.remember(r.ref, at, rows);
  }

  private remember(robotRef: string, at: number, rows: number) {
    const key = changeKey(robotRef, at);
    if ((this.seen.get(key)?.[1] ?? 0) < rows) this.seen.set(key, [at, rows]);
  }

  /**
   * Something may just have changed (a request that writes has been answered, so its transaction has
   * committed): look soon, at most one look per 200 ms whatever the rate of requests.
   */
  nudge() {
    if (this.nudged || !this.timer) return;
    this.nudged = setTimeout(() => {
      this.nudged = null;
      void this.tick().catch((err) => this.ctx.log.warn({ err }, 'schedule change feed'));
    }, 200);
    this.nudged.unref?.();
  }

  start(intervalMs = 2000) {
    void this.stop();
    if (this.ctx.config.REDIS_URL && !this.redis) void this.listen(this.ctx.config.REDIS_URL);
    this.timer = setInterval(() => {
      void this.tick().catch((err) => this.ctx.log.warn({ err }, 'schedule change feed'));
    }, intervalMs);
    this.timer.unref?.();
  }

  /** Stops polling and waits for a look in progress, so nothing queries a database being closed. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.nudged) clearTimeout(this.nudged);
    this.nudged = null;
    await this.running?.catch(() => undefined);
  }

  /** Stops for good: also leaves Redis. */
  async close() {
    await this.stop();
    const redis = this.redis;
    this.redis = null;
    if (redis) await Promise.all([redis.pub, redis.sub].map((c) => closeRedis(c)));
  }

  /** One look at the database, after any look in progress; returns the robots told to collect. */
  async tick(): Promise<string[]> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.check().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async check(): Promise<string[]> {
    const now = this.ctx.clock.now();
    // A clock set back (an operator fixing the time) must not hide the changes made after it.
    const since = new Date(Math.min(this.since.getTime(), now.getTime()) - this.overlapMs);
    const [scheduleChanges, shootChanges, revoked] = await Promise.all([
      changedRobotsSince(this.ctx.db, since),
      robotsWithShootChangesSince(this.ctx.db, since),
      revokedTokensSince(this.ctx.db, since),
    ]);
    this.since = now;
    this.ctx.deviceTokens.evict(revoked);
    // By robot: its changes in the window ([stamp, rows]). A robot is told when one of them is new (a stamp not
    // seen, or more rows with it): each change is acted on once, although the overlapping windows see it again.
    const byRobot = new Map<string, { at: number; seen: [number, number][] }>();
    for (const c of [...scheduleChanges, ...shootChanges]) {
      const at = c.at.getTime();
      const robot = byRobot.get(c.robotRef) ?? { at, seen: [] };
      const same = robot.seen.find(([stamp]) => stamp === at);
      if (same) same[1] += c.rows;
      else robot.seen.push([at, c.rows]);
      robot.at = Math.max(robot.at, at);
      byRobot.set(c.robotRef, robot);
    }
    const fresh: Invalidation['robots'] = [];
    for (const [ref, robot] of byRobot) {
      if (robot.seen.some(([at, rows]) => rows > (this.seen.get(changeKey(ref, at))?.[1] ?? 0))) {
        fresh.push({ ref, at: robot.at, seen: robot.seen });
      }
    }
    this.cache.invalidate(fresh.map((c) => c.ref));
    if (this.redis && (fresh.length > 0 || revoked.length > 0)) {
      const message: Invalidation = { from: this.instance, robots: fresh, tokens: revoked };
      await this.redis.pub.publish(INVALIDATION_CHANNEL, JSON.stringify(message)).catch(() => undefined);
    }
    for (const c of fresh) {
      for (const [at, rows] of c.seen) this.remember(c.ref, at, rows);
      this.namespace?.to(robotRoom(c.ref)).emit(COLLECT_EVENT, { at: Math.floor(c.at / 1000) });
    }
    // Forget what is older than the window: it can never be seen again.
    const horizon = since.getTime();
    for (const [key, [at]] of this.seen) if (at <= horizon) this.seen.delete(key);
    return fresh.map((c) => c.ref);
  }
}
