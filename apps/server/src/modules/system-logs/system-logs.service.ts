import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { errorLogDto, errorLogEntry, errorLogQuery } from '@robot-ads/contracts/system-logs/system-logs.schemas';
import type { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { deleteOldFrontendErrors, insertFrontendErrors, pageFrontendErrors } from './system-logs.repository';

/** Entries are kept 30 days, and at most this many (the oldest go first). */
export const ERROR_LOG_RETENTION_DAYS = 30;
export const ERROR_LOG_MAX_ROWS = 20_000;

type Entry = z.output<typeof errorLogEntry>;
type Dto = z.infer<typeof errorLogDto>;

export class SystemLogsService {
  constructor(private readonly ctx: PlatformContext) {}

  async record(entries: Entry[], from: { user: SessionUser | null; ip: string; userAgent: string }): Promise<number> {
    const now = this.ctx.clock.now();
    await insertFrontendErrors(
      this.ctx.db,
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
    const { total, rows } = await pageFrontendErrors(this.ctx.db, q);
    return {
      total,
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
    return deleteOldFrontendErrors(this.ctx.db, cutoff, ERROR_LOG_MAX_ROWS);
  }
}
