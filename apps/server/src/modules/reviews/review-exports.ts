import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import { formatDateTime } from '@robot-ads/contracts/playback/zoned-time';
import type { ApplicationState, ApplicationType } from '@robot-ads/contracts/reviews/review-state.rules';
import type { AuditDto, AuditExportBody, AuditFilters } from '@robot-ads/contracts/reviews/reviews.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import {
  EXPORT_PAGE_SIZE,
  type ExportSheet,
  openExportFile,
  queueExport,
  readExportState,
  runExportJob,
} from '../../platform/exports';
import { texts, tr, withZone } from '../../platform/i18n/i18n';
import type { SessionUser } from '../../platform/session-user';
import type { PublishingContext } from '../publishing/publishing.context';
import { type AuditScopeUser, auditRows, auditWhere, countAudits, toDtos } from './reviews.service';
import { auditExports } from './reviews.table';

export const AUDIT_EXPORT_JOB = 'audits.export';
const DOWNLOAD_PATH = '/api/Ad_Audits/queryCheckResult';

/** What an export job keeps in `params`: the list's filters and the caller's scope when it was started. */
interface AuditExportParams {
  filters: AuditFilters;
  user: AuditScopeUser;
}

/** The columns of the application-records and audit-records pages, in their order (reviews:export.headers). */
const COLUMNS = [
  'planName',
  'clientName',
  'type',
  'applicant',
  'robotCount',
  'createtime',
  'state',
  'reason',
  'pauseWindow',
  'reviews',
  'note',
  'auditTime',
] as const;
const WIDTHS: Record<string, number> = { planName: 24, createtime: 20, reason: 30, pauseWindow: 40, reviews: 60 };
/** The columns holding times: their titles say the zone the times are written in. */
const TIMED: readonly string[] = ['createtime', 'pauseWindow', 'reviews', 'auditTime'];

/** The export's words in the language, from the locale files (platform/i18n). */
function wordsOf(lang: Language) {
  return {
    owner: tr(lang, 'reviews:export.owner'),
    operator: tr(lang, 'reviews:export.operator'),
    cancelled: tr(lang, 'reviews:export.cancelled'),
    type: texts<ApplicationType>(lang, 'reviews:export.type'),
    /** Also the labels of a review step's state (pending, post, reject). */
    state: texts<ApplicationState>(lang, 'reviews:export.state'),
  };
}

/** One application as a row of the workbook: labels in the language, times in the zone. */
function toRow(a: AuditDto, lang: Language, timeZone: string): Record<string, unknown> {
  const words = wordsOf(lang);
  const time = (s: number | null) => (s ? formatDateTime(s, timeZone) : '');
  const reviews = a.steps.map((s) => {
    const who = s.kind === 'owner' ? [words.owner, s.propertyname].filter(Boolean).join(' ') : words.operator;
    const decided = [s.reviewerName, time(s.time), s.note].filter(Boolean).join(' · ');
    return `${who}: ${words.state[s.state]}${decided ? ` · ${decided}` : ''}`;
  });
  return {
    planName: a.playlist.cancelled ? `${a.playlist.name} (${words.cancelled})` : a.playlist.name,
    clientName: a.playlist.clientName,
    type: words.type[a.type],
    applicant: a.applicant,
    robotCount: a.robotCount,
    createtime: time(a.createtime),
    state: words.state[a.state],
    reason: a.reason,
    pauseWindow: a.type === 'pause' ? `${time(a.pauseBegin)} ~ ${time(a.pauseEnd)}` : '',
    reviews: reviews.join('\n'),
    note: a.note,
    auditTime: time(a.auditTime),
  };
}

/** POST exportAd_audit: queues the export of the list queryByPage shows with these filters. */
export async function startAuditExport(
  ctx: AppContext,
  user: SessionUser,
  body: AuditExportBody,
  callerLang: Language,
): Promise<{ key: string }> {
  const { language, timeZone, ...filters } = body;
  const scope: AuditScopeUser = {
    id: user.id,
    role: user.role,
    principals: user.principals,
    customer: user.customer,
    projectId: user.projectId,
  };
  const params: AuditExportParams = { filters, user: scope };
  return queueExport(ctx, auditExports, AUDIT_EXPORT_JOB, user, {
    total: await countAudits(ctx, auditWhere(ctx, scope, filters)),
    language: language ?? callerLang,
    timeZone: timeZone ?? ctx.config.TIME_ZONE,
    params: params as unknown as Record<string, unknown>,
  });
}

/** The job: writes the workbook page by page (platform/exports.ts records the progress). */
export async function runAuditExport(ctx: PublishingContext, key: string) {
  await runExportJob(ctx, auditExports, key, (job) => {
    const { filters, user } = job.params as unknown as AuditExportParams;
    const lang: Language = job.language === 'en' ? 'en' : 'zh';
    return {
      filePrefix: filters.view === 'review' ? 'audit-records' : 'applications',
      failedMessage: 'application export failed',
      failure: (err) => ({ error: String(err) }),
      sheet: (): ExportSheet => {
        const where = auditWhere(ctx, user, filters);
        const titles = texts<(typeof COLUMNS)[number]>(lang, 'reviews:export.headers');
        const at = Math.floor(ctx.clock.now().getTime() / 1000);
        const header = (k: (typeof COLUMNS)[number]) =>
          TIMED.includes(k) ? withZone(lang, titles[k], job.timeZone, at) : titles[k];
        return {
          name: texts(lang, 'reviews:export.sheet')[filters.view] ?? filters.view,
          columns: COLUMNS.map((k) => ({
            header: header(k),
            key: k,
            width: WIDTHS[k] ?? 14,
            ...(k === 'reviews' ? { style: { alignment: { wrapText: true, vertical: 'top' as const } } } : {}),
          })),
          page: async (start) =>
            (await toDtos(ctx, user, await auditRows(ctx, where, start, EXPORT_PAGE_SIZE))).map((a) =>
              toRow(a, lang, job.timeZone),
            ),
        };
      },
    };
  });
}

/** GET queryExportAd_audit: the progress of the caller's export; once done, `url` is its queryCheckResult. */
export async function auditExportState(ctx: AppContext, user: SessionUser, key: string): Promise<ExportState> {
  return readExportState(ctx, auditExports, user, key, DOWNLOAD_PATH);
}

/**
 * GET queryCheckResult: the workbook of the caller's finished export. EXPORT_NOT_FOUND for an unknown key or
 * another user's, EXPORT_NOT_READY while it runs, EXPORT_FAILED when it failed (start it again).
 */
export async function auditExportResult(ctx: AppContext, user: SessionUser, key: string) {
  const progress = await auditExportState(ctx, user, key);
  if (progress.state === 'failed') throw new AppError('EXPORT_FAILED', {}, 'key');
  return openExportFile(ctx, auditExports, user, key);
}
