import type { Namespace, Server } from 'socket.io';
import type { AppContext } from '../../platform/context';
import { changedRobotsSince, revokedTokensSince, robotOfToken } from './schedules.repository';
import type { DeviceTokenCache, ScheduleCache } from './schedules.service';

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

/**
 * Watches the database for changes to what robots play (every instance on its own, so it works with
 * several instances on one database) and, for each robot concerned, drops its cached schedule and
 * pushes "collect now" to its sockets. The window overlaps the previous one so that a transaction that
 * committed late is still seen; a change already pushed is not pushed twice.
 */
export class ScheduleFeed {
  private since: Date;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<string[]> | null = null;
  private readonly pushedUpTo = new Map<string, number>();
  private namespace: Namespace | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly cache: ScheduleCache,
    private readonly tokens: DeviceTokenCache,
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
      robotOfToken(this.ctx.db, token)
        .then((robot) => {
          if (!robot) return next(new Error('DEVICE_TOKEN_INVALID'));
          socket.data.robotRef = robot.robotRef;
          socket.data.robotId = robot.robotId;
          next();
        })
        .catch(() => next(new Error('DEVICE_TOKEN_INVALID')));
    });
    namespace.on('connection', (socket) => {
      if (socket.data.robotRef) void socket.join(robotRoom(socket.data.robotRef));
    });
    this.namespace = namespace;
  }

  start(intervalMs = 2000) {
    void this.stop();
    this.timer = setInterval(() => {
      void this.tick().catch((err) => this.ctx.log.warn({ err }, 'schedule change feed'));
    }, intervalMs);
    this.timer.unref?.();
  }

  /** Stops polling and waits for a look in progress, so nothing queries a database being closed. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
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
    const [changes, revoked] = await Promise.all([
      changedRobotsSince(this.ctx.db, since),
      revokedTokensSince(this.ctx.db, since),
    ]);
    this.since = now;
    this.tokens.evict(revoked);
    // Each change is acted on once, although the overlapping windows see it several times.
    const fresh = changes.filter((c) => c.at.getTime() > (this.pushedUpTo.get(c.robotRef) ?? 0));
    this.cache.invalidate(fresh.map((c) => c.robotRef));
    for (const c of fresh) {
      this.pushedUpTo.set(c.robotRef, c.at.getTime());
      this.namespace?.to(robotRoom(c.robotRef)).emit(COLLECT_EVENT, { at: Math.floor(c.at.getTime() / 1000) });
    }
    // Forget what is older than the overlap window: it can never be seen again.
    const horizon = since.getTime();
    for (const [ref, at] of this.pushedUpTo) if (at < horizon) this.pushedUpTo.delete(ref);
    return fresh.map((c) => c.robotRef);
  }
}
