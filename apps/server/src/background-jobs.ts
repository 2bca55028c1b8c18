import { ACCOUNT_EXPORT_JOB, type AccountListExports } from './modules/accounts/account-exports';
import { groupMemberRefs } from './modules/ad-groups/ad-groups.queries';
import type { AuthService } from './modules/auth/auth.service';
import { EXPORT_JOB as DEVICE_EXPORT_JOB, runExport as runDeviceExport } from './modules/devices/device-exports';
import { sweepOffline } from './modules/devices/devices.service';
import { removeUnregisteredUploads } from './modules/media/media-uploads';
import type { OpenPlatformService } from './modules/open-platform/open-platform.service';
import {
  HOURLY_SUMMARY_JOB,
  OUTBOX_RELAY_JOB,
  type PartnerWebhooks,
  WEBHOOK_DELIVERY_JOB,
} from './modules/open-platform/partner-webhooks';
import { ensureDayPartitions } from './modules/play-events/play-events.partitions';
import { removeOldEvents } from './modules/play-events/play-events.retention';
import { consume } from './modules/play-events/play-events.service';
import { PUBLISH_EXPORT_JOB, runPublishExport } from './modules/publishing/publish-exports';
import type { PublishingContext } from './modules/publishing/publishing.context';
import { AUDIT_EXPORT_JOB, runAuditExport } from './modules/reviews/review-exports';
import type { LeadsService } from './modules/sales/leads.service';
import type { OrdersService } from './modules/sales/orders.service';
import { SALES_EXPORT_JOB, type SalesExports } from './modules/sales/sales-exports';
import { expireTasks, pushPending, SHOOT_PUSH_JOB } from './modules/shooting/shooting.service';
import { runStatisticsExport, STATISTICS_EXPORT_JOB } from './modules/statistics/statistics.export';
import type { SystemLogsService } from './modules/system-logs/system-logs.service';
import type { Jobs } from './platform/jobs';
import type { SessionUser } from './platform/session-user';

/** The services whose background work runs on the job queue (built by buildApp). */
export interface JobServices {
  auth: AuthService;
  systemLogs: SystemLogsService;
  openPlatform: OpenPlatformService;
  partnerWebhooks: PartnerWebhooks;
  accountExports: AccountListExports;
  leads: LeadsService;
  orders: OrdersService;
  salesExports: SalesExports;
}

/**
 * Every module's background work, one table for the queue (pg-boss): the nightly clean-ups, the
 * periodic jobs (cron) and the jobs a request enqueues (exports, pushes, webhook deliveries). buildApp
 * calls it once, before the queue starts; no routes function defines a job.
 */
export function defineBackgroundJobs(jobs: Jobs, ctx: PublishingContext, s: JobServices) {
  jobs.addCleanup('auth.expired-sessions', () => s.auth.cleanExpired());
  jobs.addCleanup('system-logs.frontend-errors', () => s.systemLogs.clean());
  jobs.addCleanup('open-platform.expired-sessions', () => s.openPlatform.cleanExpiredSessions());
  jobs.addCleanup('media.unregistered-uploads', () => removeUnregisteredUploads(ctx));
  jobs.addCleanup('play-events.old-raw-events', () => removeOldEvents(ctx));
  // Raw events' day partitions: made at start (buildApp's ready steps) and every day, a week ahead.
  jobs.define({ name: 'play-events.day-partitions', cron: '7 0 * * *', handler: () => ensureDayPartitions(ctx) });
  jobs.define({
    name: DEVICE_EXPORT_JOB,
    handler: async (data) => runDeviceExport(ctx, String(data.key), (groupId) => groupMemberRefs(ctx.db, groupId)),
  });
  jobs.define({ name: 'devices.offline-sweep', cron: '* * * * *', handler: async () => sweepOffline(ctx) });
  jobs.define({ name: SHOOT_PUSH_JOB, handler: async (data) => pushPending(ctx, String(data.id ?? '') || undefined) });
  // Every minute: a push that did not run (a restart), and the tasks whose window ended (not taken).
  jobs.define({
    name: 'shooting.tick',
    cron: '* * * * *',
    handler: async () => ({ pushed: await pushPending(ctx), expired: await expireTasks(ctx) }),
  });
  jobs.define({
    name: PUBLISH_EXPORT_JOB,
    handler: async (data) =>
      runPublishExport(ctx, String(data.key), JSON.parse(String(data.user)) as SessionUser, consume),
  });
  jobs.define({
    name: STATISTICS_EXPORT_JOB,
    handler: async (data) => runStatisticsExport(ctx, String(data.key), JSON.parse(String(data.user)) as SessionUser),
  });
  jobs.define({ name: ACCOUNT_EXPORT_JOB, handler: async (data) => s.accountExports.run(String(data.key)) });
  jobs.define({
    name: WEBHOOK_DELIVERY_JOB,
    handler: async (data) => s.partnerWebhooks.deliver(String(data.deliveryId)),
  });
  jobs.define({
    name: HOURLY_SUMMARY_JOB,
    cron: '5 * * * *',
    handler: async () => s.partnerWebhooks.hourlySummary(ctx),
  });
  jobs.define({ name: OUTBOX_RELAY_JOB, cron: '* * * * *', handler: async () => s.partnerWebhooks.outbox.relay() });
  jobs.define({ name: AUDIT_EXPORT_JOB, handler: async (data) => runAuditExport(ctx, String(data.key)) });
  jobs.define({
    name: 'sales.lead-reminders',
    cron: '*/15 * * * *',
    handler: async () => void (await s.leads.sendDueReminders()),
  });
  jobs.define({
    name: 'sales.order-sync',
    cron: '5 * * * *',
    handler: async () => void (await s.orders.syncLaunched()),
  });
  jobs.define({ name: SALES_EXPORT_JOB, handler: async (data) => s.salesExports.run(String(data.key)) });
}
