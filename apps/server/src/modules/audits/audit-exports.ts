import type { AuditDto, AuditExportBody, AuditFilters } from '@robot-ads/contracts/audits/audits.schemas';
import type { ApplicationState, ApplicationType } from '@robot-ads/contracts/audits/review-state.rules';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import { dateKey, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE } from '@robot-ads/contracts/playlists/playlists.schemas';
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
import type { SessionUser } from '../../platform/session-user';
import { type AuditScopeUser, auditRows, auditWhere, countAudits, toDtos } from './audits.service';
import { auditExports } from './audits.table';

export const AUDIT_EXPORT_JOB = 'audits.export';
const DOWNLOAD_PATH = '/api/Ad_Audits/queryCheckResult';

/** What an export job keeps in `params`: the list's filters and the caller's scope when it was started. */
interface AuditExportParams {
  filters: AuditFilters;
  user: AuditScopeUser;
}

/** The columns of the application-records and audit-records pages, in their order. */
const HEADERS: Record<Language, Record<string, string>> = {
  zh: {
    planName: '计划名称',
    clientName: '客户',
    type: '申请类型',
    applicant: '申请人',
    robotCount: '设备数',
    createtime: '申请时间',
    state: '状态',
    reason: '原因',
    pauseWindow: '暂停时间',
    reviews: '审核记录',
    note: '审核意见',
    auditTime: '审核时间',
  },
  en: {
    planName: 'Plan name',
    clientName: 'Customer',
    type: 'Type',
    applicant: 'Applicant',
    robotCount: 'Devices',
    createtime: 'Applied at',
    state: 'Status',
    reason: 'Reason',
    pauseWindow: 'Pause from - to',
    reviews: 'Reviews',
    note: 'Review opinion',
    auditTime: 'Reviewed at',
  },
};
const WIDTHS: Record<string, number> = { planName: 24, createtime: 20, reason: 30, pauseWindow: 40, reviews: 60 };
const TYPE_LABEL: Record<Language, Record<ApplicationType, string>> = {
  zh: { apply: '投放', cancel: '取消投放', add: '新增设备', pause: '暂停' },
  en: { apply: 'Delivery', cancel: 'Cancellation', add: 'Add devices', pause: 'Pause' },
};
/** Also the labels of a review step's state (pending, post, reject). */
const STATE_LABEL: Record<Language, Record<ApplicationState, string>> = {
  zh: { pending: '待审核', post: '已通过', reject: '已驳回', withdrawn: '已撤回' },
  en: { pending: 'Pending review', post: 'Approved', reject: 'Rejected', withdrawn: 'Withdrawn' },
};
const WORDS: Record<Language, { owner: string; operator: string; cancelled: string; sheet: Record<string, string> }> = {
  zh: {
    owner: '物业',
    operator: '运营',
    cancelled: '已取消',
    sheet: { apply: '申请记录', review: '审核记录' },
  },
  en: {
    owner: 'Property owner',
    operator: 'Operator',
    cancelled: 'Cancelled',
    sheet: { apply: 'Application records', review: 'Audit records' },
  },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A unix-seconds time as the wall clock of the zone, `YYYY-MM-DD HH:mm:ss` (empty when there is none). */
function localDateTime(seconds: number | null, timeZone: string): string {
  if (!seconds) return '';
  const w = wallClock(seconds, timeZone);
  return `${dateKey(w)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** One application as a row of the workbook: labels in the language, times in the zone. */
function toRow(a: AuditDto, lang: Language, timeZone: string): Record<string, unknown> {
  const words = WORDS[lang];
  const time = (s: number | null) => localDateTime(s, timeZone);
  const reviews = a.steps.map((s) => {
    const who = s.kind === 'owner' ? [words.owner, s.propertyname].filter(Boolean).join(' ') : words.operator;
    const decided = [s.reviewerName, time(s.time), s.note].filter(Boolean).join(' · ');
    return `${who}: ${STATE_LABEL[lang][s.state]}${decided ? ` · ${decided}` : ''}`;
  });
  return {
    planName: a.playlist.cancelled ? `${a.playlist.name} (${words.cancelled})` : a.playlist.name,
    clientName: a.playlist.clientName,
    type: TYPE_LABEL[lang][a.type],
    applicant: a.applicant,
    robotCount: a.robotCount,
    createtime: time(a.createtime),
    state: STATE_LABEL[lang][a.state],
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
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    params: params as unknown as Record<string, unknown>,
  });
}

/** The job: writes the workbook page by page (platform/exports.ts records the progress). */
export async function runAuditExport(ctx: AppContext, key: string) {
  await runExportJob(ctx, auditExports, key, (job) => {
    const { filters, user } = job.params as unknown as AuditExportParams;
    const lang: Language = job.language === 'en' ? 'en' : 'zh';
    return {
      filePrefix: filters.view === 'review' ? 'audit-records' : 'applications',
      failedMessage: 'application export failed',
      failure: (err) => ({ error: String(err) }),
      sheet: (): ExportSheet => {
        const where = auditWhere(ctx, user, filters);
        return {
          name: WORDS[lang].sheet[filters.view] ?? filters.view,
          columns: Object.entries(HEADERS[lang]).map(([k, header]) => ({
            header,
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
