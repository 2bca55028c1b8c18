import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './open-platform.repository';

/** How long an instance trusts what it read of a session (revocation elsewhere) and of a day's usage. */
const STATE_MS = 1000;
const FLUSH_MS = 1000;

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

interface SessionCount {
  loadedAt: number;
  live: boolean;
  pending: number;
  lastUsed: Date | null;
}

interface DayUsage {
  day: string;
  loadedAt: number;
  /** Calls of the day in the database (every instance's) when last read or written. */
  base: number;
  /** Calls counted here and not yet written. */
  pending: number;
}

/**
 * Partner sessions' liveness and calls, and applications' daily usage, kept in memory and written every
 * second: a partner call costs no database write. A session's state is read again after STATE_MS (a
 * revocation on another instance holds within a second; on this one at once, through `forget`).
 */
export class PartnerUsage {
  private readonly sessions = new Map<string, SessionCount>();
  private readonly usage = new Map<string, DayUsage>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: () => DbOrTx,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Counts a call of a live session when the quota allows it. `live` false: revoked or expired;
   * `allowed` false: the day's quota is used up (the call is not counted).
   */
  async count(
    sessionId: string,
    apiUserId: string,
    quota: number,
    now: Date,
  ): Promise<{ live: boolean; allowed: boolean }> {
    const day = utcDay(now);
    let session = this.sessions.get(sessionId);
    let usage = this.usage.get(apiUserId);
    const fresh = (loadedAt: number) => performance.now() - loadedAt < STATE_MS;
    if (!session || !fresh(session.loadedAt) || !usage || usage.day !== day || !fresh(usage.loadedAt)) {
      const state = await repo.sessionState(this.db(), sessionId, apiUserId, day, now);
      session = {
        loadedAt: performance.now(),
        live: state.live,
        pending: session?.pending ?? 0,
        lastUsed: session?.lastUsed ?? null,
      };
      this.sessions.set(sessionId, session);
      const pending = usage?.day === day ? usage.pending : 0;
      usage = { day, loadedAt: performance.now(), base: state.calls, pending };
      this.usage.set(apiUserId, usage);
    }
    if (!session.live) return { live: false, allowed: false };
    if (usage.base + usage.pending >= quota) return { live: true, allowed: false };
    session.pending += 1;
    session.lastUsed = now;
    usage.pending += 1;
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return { live: true, allowed: true };
  }

  /** A session revoked here: the next call reads it again. */
  forget(sessionId: string) {
    this.sessions.delete(sessionId);
  }

  /** Writes the counted calls (also before sessions are listed, and at close). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const sessions: [string, number, Date][] = [];
    for (const [id, s] of this.sessions) {
      if (s.pending > 0 && s.lastUsed) sessions.push([id, s.pending, s.lastUsed]);
      s.pending = 0;
      if (!s.live) this.sessions.delete(id);
    }
    const days: [string, DayUsage, number][] = [];
    for (const [apiUserId, u] of this.usage) {
      if (u.pending === 0) continue;
      days.push([apiUserId, u, u.pending]);
      u.base += u.pending;
      u.pending = 0;
    }
    if (this.sessions.size > 100_000) this.sessions.clear();
    this.flushing = this.flushing
      .then(async () => {
        for (const [id, calls, lastUsed] of sessions) await repo.addSessionCalls(this.db(), id, calls, lastUsed);
        for (const [apiUserId, u, calls] of days) {
          const total = await repo.addUsage(this.db(), apiUserId, u.day, calls);
          if (this.usage.get(apiUserId) === u) u.base = Math.max(u.base, total);
        }
      })
      .catch((err) => this.log.warn({ err }, 'open platform usage not written'));
    return this.flushing;
  }
}
