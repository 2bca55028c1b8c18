import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { errorLogDto, errorLogEntry, errorLogQuery } from '@robot-ads/contracts/system-logs/system-logs.schemas';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import type { SessionUser } from '../../platform/session-user';
import { frontendErrors } from './system-logs.table';

/** Entries are kept 30 days, and at most this many (the oldest go first). */
export const ERROR_LOG_RETENTION_DAYS = 30;
export const ERROR_LOG_MAX_ROWS = 20_000;

type Entry = z.output<typeof errorLogEntry>;
type Dto = z.infer<typeof errorLogDto>;

export class SystemLogsService {
  constructor(private readonly ctx: PlatformContext) {}

  async record(entries: Entry[], from: { user: SessionUser | null; ip: string; userAgent: string }): Promise<number> {
    const now = this.ctx.clock.now();
    await this.ctx.db.insert(frontendErrors).values(
      entries.map((e) => ({
        id: newId(now.getTime()),
        userId: from.user?.id ?? null,
        username: from.user?.username ?? null,
        url: e.url,
        time: e.time,
        type: e.type,
        message: e.message,
        stack: e.stack,
        info: e.info,
        ip: from.ip,
        userAgent: from.userAgent.slice(0, 400),
        createdAt: now,
      })),
    );
    return entries.length;
  }

  async page(q: z.output<typeof errorLogQuery>): Promise<{ total: number; datas: Dto[] }> {
    const filters: (SQL | undefined)[] = [];
    if (q.type) filters.push(eq(frontendErrors.type, q.type));
    if (q.username) filters.push(eq(frontendErrors.username, q.username));
    if (q.keyword) {
      const like = containsLike(q.keyword);
      filters.push(or(ilike(frontendErrors.message, like), ilike(frontendErrors.url, like)));
    }
    if (q.begin !== undefined) filters.push(gte(frontendErrors.createdAt, new Date(q.begin * 1000)));
    if (q.end !== undefined) filters.push(lt(frontendErrors.createdAt, new Date(q.end * 1000)));
    const where = filters.length ? and(...filters) : undefined;
    const [total] = await this.ctx.db.select({ n: count() }).from(frontendErrors).where(where);
    const rows = await this.ctx.db
      .select()
      .from(frontendErrors)
      .where(where)
      .orderBy(desc(frontendErrors.createdAt), desc(frontendErrors.id))
      .offset(q.start)
      .limit(q.limit);
    return {
      total: total?.n ?? 0,
      datas: rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        username: r.username,
        url: r.url,
        time: r.time,
        type: r.type,
        message: r.message,
        stack: r.stack,
        info: r.info,
        ip: r.ip,
        userAgent: r.userAgent,
        createtime: toUnixSeconds(r.createdAt) ?? 0,
      })),
    };
  }

  /** Nightly: drops entries past the retention period and beyond the row cap. */
  async clean(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - ERROR_LOG_RETENTION_DAYS * 86_400_000);
    const old = await this.ctx.db
      .delete(frontendErrors)
      .where(lt(frontendErrors.createdAt, cutoff))
      .returning({ id: frontendErrors.id });
    const extra = await this.ctx.db
      .delete(frontendErrors)
      .where(
        and(
          sql`${frontendErrors.id} not in (select id from frontend_errors order by created_at desc, id desc limit ${ERROR_LOG_MAX_ROWS})`,
        ),
      )
      .returning({ id: frontendErrors.id });
    return old.length + extra.length;
  }
}
