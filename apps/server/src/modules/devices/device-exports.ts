import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState, RobotDto, RobotFilters } from '@robot-ads/contracts/devices/devices.schemas';
import { withRegionNames } from '@robot-ads/contracts/regions/regions';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { EXPORT_PAGE_SIZE, openExportFile, readExportState, runExportJob } from '../../platform/exports';
import { texts, tr } from '../../platform/i18n/i18n';
import type { SessionUser } from '../../platform/session-user';
import type { DevicesContext } from './devices.context';
import { countRobots, findRobots, insertDeviceExport, robotsAmongWhere, type ScopeUser } from './devices.repository';
import { type GroupMembers, robotWhere, toRobotDto, usedSlotsOf } from './devices.service';
import { deviceExports } from './devices.table';

export const EXPORT_JOB = 'devices.export';

export interface ExportParams {
  kind: 'devices' | 'group';
  filters: Partial<RobotFilters>;
  groupId?: string;
  language: Language;
  user: ScopeUser;
}

/** The export's words in the language, from the locale files (platform/i18n). */
function words(lang: Language) {
  return {
    sheet: tr(lang, 'devices:export.sheet'),
    headers: texts(lang, 'devices:export.headers'),
    state: texts(lang, 'devices:export.state'),
    salesType: texts(lang, 'devices:export.salesType'),
    type: texts(lang, 'devices:export.type'),
  };
}

export type { GroupMembers } from './devices.service';

/** A group's export lists its members (the group itself is in the caller's scope); else the scoped list. */
function exportWhere(ctx: AppContext, p: ExportParams, groupMembers: GroupMembers): SQL | undefined {
  const now = ctx.clock.now();
  if (p.kind === 'group' && p.groupId) {
    return robotsAmongWhere(groupMembers(p.groupId), p.filters, now);
  }
  return robotWhere(p.user, p.filters, now);
}

/** Queues an export; the key is what queryExportState and the download take. */
export async function startExport(
  ctx: AppContext,
  user: SessionUser,
  params: Omit<ExportParams, 'user'>,
  groupMembers: GroupMembers,
) {
  const scopeUser: ScopeUser = { id: user.id, role: user.role, principals: user.principals, projectId: user.projectId };
  const full: ExportParams = { ...params, user: scopeUser };
  const total = await countRobots(ctx.db, exportWhere(ctx, full, groupMembers));
  if (total === 0) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await insertDeviceExport(ctx.db, {
    key,
    kind: params.kind,
    total,
    params: full as unknown as Record<string, unknown>,
    createdBy: user.id,
    createdAt: ctx.clock.now(),
  });
  await ctx.jobs.send(EXPORT_JOB, { key });
  return { key };
}

/** The job: writes the workbook page by page, recording progress after each page. */
export async function runExport(ctx: DevicesContext, key: string, groupMembers: GroupMembers) {
  await runExportJob(ctx, deviceExports, key, (job) => {
    const params = job.params as unknown as ExportParams;
    const lang = params.language;
    const w = words(lang);
    return {
      filePrefix: params.kind === 'group' ? 'group-devices' : 'devices',
      failedMessage: 'device export failed',
      failure: (err) => ({ error: String(err) }),
      sheet: () => {
        const where = exportWhere(ctx, params, groupMembers);
        return {
          name: w.sheet,
          columns: Object.keys(w.headers).map((k) => ({
            header: w.headers[k],
            key: k,
            width: k === 'address' ? 36 : 16,
          })),
          page: async (start) => {
            const now = ctx.clock.now();
            const { rows } = await findRobots(ctx.db, where, { start, limit: EXPORT_PAGE_SIZE });
            if (rows.length === 0) return [];
            const used = await usedSlotsOf(
              ctx,
              ctx.db,
              rows.map((r) => r.robot.id),
            );
            return rows.map((row) => {
              const dto: RobotDto = toRobotDto(row, now, used.get(row.robot.id) ?? 0);
              return {
                ...withRegionNames(dto, lang),
                state: w.state[dto.state] ?? dto.state,
                salesType: w.salesType[dto.salesType] ?? dto.salesType,
                type: w.type[dto.type] ?? dto.type,
              };
            });
          },
        };
      },
    };
  });
}

export async function exportState(ctx: AppContext, user: SessionUser, key: string): Promise<ExportState> {
  return readExportState(ctx, deviceExports, user, key, '/api/Devices/exportFile');
}

export async function exportFile(ctx: AppContext, user: SessionUser, key: string) {
  return openExportFile(ctx, deviceExports, user, key);
}
