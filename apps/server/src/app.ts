import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { newId } from '@robot-ads/contracts/common/ids';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Database } from './db/client';
import { buildDeviceLane, laneServerFactory } from './device-lane';
import { ACCOUNT_EXPORT_JOB, AccountListExports } from './modules/accounts/account-exports';
import { OwnerAccountsService } from './modules/accounts/accounts.owners';
import { accountsOfCustomers, customerHasAccount } from './modules/accounts/accounts.queries';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { groupMemberRefs } from './modules/ad-groups/ad-groups.queries';
import { adGroupsRoutes } from './modules/ad-groups/ad-groups.routes';
import type {} from './modules/admin/admin.context';
import { adminRoutes } from './modules/admin/admin.routes';
import { ClientsService } from './modules/admin/clients.service';
import { MenusAdminService } from './modules/admin/menus-admin.service';
import { ParamsService } from './modules/admin/params.service';
// The modules' additions to AppContext (declaration merging): named here so that every program that
// builds the app (server, web tests, e2e) sees them.
import type {} from './modules/ads/ads.context';
import { adsUsingResources } from './modules/ads/ads.queries';
import { adsRoutes } from './modules/ads/ads.routes';
import { AdsService } from './modules/ads/ads.service';
import { AUDIT_EXPORT_JOB, runAuditExport } from './modules/audits/audit-exports';
import { auditsRoutes } from './modules/audits/audits.routes';
import { adAccountLinkCounter } from './modules/audits/audits.service';
import { planDeliveryFacts } from './modules/audits/plan-delivery';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { menusRoutes } from './modules/auth/menus.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { type CustomerAccountsLink, CustomersService } from './modules/customers/customers.service';
import { DeviceTokenCache, loadDeviceTokens } from './modules/device-protocol/device-auth';
import { deviceProtocolRoutes } from './modules/device-protocol/device-protocol.routes';
import { EXPORT_JOB as DEVICE_EXPORT_JOB, runExport as runDeviceExport } from './modules/devices/device-exports';
import type {} from './modules/devices/devices.context';
import { devicesRoutes } from './modules/devices/devices.routes';
import { sweepOffline } from './modules/devices/devices.service';
import { Presence } from './modules/devices/presence';
import { listOwners } from './modules/devices/projects.service';
import { mediaRoutes } from './modules/media/media.routes';
import { removeUnregisteredUploads } from './modules/media/media-uploads';
import type {} from './modules/notifications/notifications.context';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import type {} from './modules/open-platform/open-platform.context';
import { openPlatformRoutes } from './modules/open-platform/open-platform.routes';
import { type OpenApiDocument, OpenPlatformService } from './modules/open-platform/open-platform.service';
import { MemoryRateLimiter, RedisRateLimiter } from './modules/open-platform/partner-limits';
import {
  HOURLY_SUMMARY_JOB,
  OUTBOX_RELAY_JOB,
  PartnerWebhooks,
  WEBHOOK_DELIVERY_JOB,
} from './modules/open-platform/partner-webhooks';
import { playEventsIngested } from './modules/play-events/play-events.metrics';
import { ensureDayPartitions } from './modules/play-events/play-events.partitions';
import { removeOldEvents } from './modules/play-events/play-events.retention';
import { playEventsRoutes } from './modules/play-events/play-events.routes';
import { consume } from './modules/play-events/play-events.service';
import type {} from './modules/playlists/playlists.context';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { directPublishRoutes } from './modules/publishing/direct-publish.routes';
import { PUBLISH_EXPORT_JOB, runPublishExport } from './modules/publishing/publish-exports';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import {
  adLinkCounter,
  heldSlotsLookup,
  liveRobotRefsOfAd,
  plansPublishedToRobot,
} from './modules/publishing/publishing.service';
import { resourcesRoutes } from './modules/resources/resources.routes';
import { ResourcesService } from './modules/resources/resources.service';
import { BillsService } from './modules/sales/bills.service';
import { BranchesService } from './modules/sales/branches.service';
import { LeadsService } from './modules/sales/leads.service';
import { orderProofOfPlayRoutes } from './modules/sales/order-proof-of-play.routes';
import { OrdersService } from './modules/sales/orders.service';
import { salesRoutes } from './modules/sales/sales.routes';
import { SALES_EXPORT_JOB, SalesExports } from './modules/sales/sales-exports';
import { createSchedules, schedulesRoutes } from './modules/schedules/schedules.routes';
import { shootingRoutes } from './modules/shooting/shooting.routes';
import { expireTasks, pushPending, SHOOT_PUSH_JOB } from './modules/shooting/shooting.service';
import { proofOfPlayRoutes } from './modules/statistics/proof-of-play.routes';
import { runStatisticsExport, STATISTICS_EXPORT_JOB } from './modules/statistics/statistics.export';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { SystemSettingsRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes';
import { SystemLogsService } from './modules/system-logs/system-logs.service';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { wechatRoutes } from './modules/wechat/wechat.routes';
import { WechatService } from './modules/wechat/wechat.service';
import { WechatClient } from './modules/wechat/wechat-client';
import { registerAuthGuard } from './platform/auth-guard';
import { type Clock, systemClock } from './platform/clock';
import type { Config } from './platform/config';
import type { AppContext, PlatformContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler, frameworkErrors, registerRequestShapeChecks } from './platform/http-errors';
import { Jobs } from './platform/jobs';
import { registerLanguage } from './platform/language';
import { registerMetrics } from './platform/metrics';
import { finishDocument, routeTransform, SECURITY_SCHEMES } from './platform/openapi/document';
import { AddressPolicy, type HostResolver } from './platform/outbound/address-policy';
import { OutboundClient } from './platform/outbound/outbound-client';
import { Realtime } from './platform/realtime';
import { registerRequestContext, requestLogMixin } from './platform/request-context';
import type { SessionUser } from './platform/session-user';
import { registerStaticFiles } from './platform/static-files';
import { createStorage } from './platform/storage/create-storage';
import { TokenService } from './platform/tokens';
import { validatorCompiler } from './platform/validation';
import { APP_VERSION } from './platform/version';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** A logger to use (tests pass a silent one); otherwise pino at config.LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Where the built-in logger writes (tests read the log lines); stdout when absent. */
  logDestination?: NodeJS.WritableStream;
  /** Start the job queue with the app (main does; most tests do not need it). */
  startJobs?: boolean;
  /** How outbound calls resolve host names (tests inject one; the system's DNS otherwise). */
  resolveHost?: HostResolver;
}

/** The class services buildApp constructed, each handed to the routes that use it (tests reach them here). */
export interface AppServices {
  auth: AuthService;
  accounts: AccountsService;
  notifications: NotificationsService;
  resources: ResourcesService;
  ads: AdsService;
  params: ParamsService;
  menusAdmin: MenusAdminService;
  openPlatform: OpenPlatformService;
  partnerWebhooks: PartnerWebhooks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    services: AppServices;
  }
}

/** Builds the whole HTTP application on the given dependencies, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const genReqId = (req: { headers: Record<string, string | string[] | undefined> }) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : newId();
  };
  // The device lane (device-lane.ts) answers heartbeats and schedule polls on this server once it is built.
  const lane: { handler: Parameters<typeof laneServerFactory>[0]['handler'] } = { handler: null };
  const app = Fastify({
    serverFactory: laneServerFactory(lane),
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : {
          logger: {
            level: config.LOG_LEVEL,
            // Every line written inside a request's flow carries its id, service logs (ctx.log) too.
            mixin: requestLogMixin,
            ...(deps.logDestination ? { stream: deps.logDestination } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.access_token'],
            serializers: {
              // Tokens travel in the query too (access_token, socket token): never write them to the log.
              req: (req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
                method: req.method,
                url: req.url.replace(/([?&](?:access_token|token|refresh_token)=)[^&]*/g, '$1[redacted]'),
                hostname: req.hostname,
                remoteAddress: req.ip,
                id: req.id,
              }),
            },
          },
        }),
    // One key for the request id in every line: Fastify's request logger and the mixin use the same.
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The request id in every log line, the per-request deadline (503 REQUEST_TIMEOUT in the envelope).
  registerRequestContext(app, { timeoutMs: config.REQUEST_TIMEOUT_MS });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Explicit wiring: every service is constructed once here, in dependency order, with what it needs;
  // the context routes receive is assembled once, from finished services.
  const clock = deps.clock ?? systemClock;
  const jobs = new Jobs(database, app.log, config.DATABASE_URL);
  const platform: PlatformContext = {
    config,
    database,
    db: database.db,
    clock,
    jobs,
    log: app.log,
    startedAt: new Date(),
    storage: createStorage(config, () => clock.now()),
    tokens: new TokenService(new SystemSettingsRepository(database.db), config.JWT_SECRET),
    outbound: new OutboundClient(new AddressPolicy(config.WEBHOOK_ALLOWED_NETWORKS, deps.resolveHost)),
  };
  const auth = new AuthService(platform);
  const realtime = new Realtime(app.server, {
    tokens: platform.tokens,
    clock,
    resolve: (claims) => auth.resolve(claims, 'zh'),
    log: app.log,
    redisUrl: config.REDIS_URL,
  });
  const notifications = new NotificationsService(database.db, clock, () => realtime);
  const accounts = new AccountsService(platform, auth);
  const resources = new ResourcesService(platform, adsUsingResources);
  const ads = new AdsService(platform, resources, [
    adLinkCounter(clock),
    adAccountLinkCounter(),
    BranchesService.adRegionalLinkCounter((db, adId) => liveRobotRefsOfAd(db, adId, clock.now())),
  ]);
  const params = new ParamsService(platform);
  const menusAdmin = new MenusAdminService(platform);
  const clients = new ClientsService(platform);
  // Partner rate limits: shared through Redis when REDIS_URL is set (a Redis outage lets calls pass).
  const partnerRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : null;
  partnerRedis?.on('error', (err) => app.log.warn({ err }, 'redis (open platform rate limit)'));
  const openPlatform = new OpenPlatformService(platform, {
    resolveAccount: (accountId, lang) => auth.resolveAccount(accountId, lang),
    openApi: () => app.swagger() as OpenApiDocument,
    limiter: partnerRedis ? new RedisRateLimiter(partnerRedis) : new MemoryRateLimiter(),
  });
  const partnerWebhooks = new PartnerWebhooks(platform, {
    resolveAccount: (accountId, lang) => auth.resolveAccount(accountId, lang),
    recordChange: (actor, action, target) => openPlatform.recordChange(actor, action, target),
  });
  const ctx: AppContext = {
    ...platform,
    params,
    realtime,
    notifications,
    ads,
    presence: new Presence(
      { database, clock, log: app.log },
      { redisUrl: config.REDIS_URL, flushMs: config.PRESENCE_FLUSH_MS },
    ),
    deviceTokens: new DeviceTokenCache(1_000_000, loadDeviceTokens(database.db)),
    usedSlots: heldSlotsLookup(clock),
    planDelivery: planDeliveryFacts,
    partnerEvents: partnerWebhooks,
  };
  const systemLogs = new SystemLogsService(platform);
  const customerAccounts: CustomerAccountsLink = {
    hasAccount: (customerId) => customerHasAccount(ctx.db, customerId),
    accountsOf: (customerIds) => accountsOfCustomers(ctx.db, customerIds),
  };
  const customersForExports = new CustomersService(ctx, customerAccounts);
  const accountExports = new AccountListExports(ctx, accounts, {
    owners: (user, q) => listOwners(ctx, user, q),
    customers: (user, q) => customersForExports.page(user, q),
  });
  const wechat = new WechatService(platform, new WechatClient(config));

  // Background work, defined before the queue starts.
  jobs.addCleanup('auth.expired-sessions', () => auth.cleanExpired());
  jobs.addCleanup('system-logs.frontend-errors', () => systemLogs.clean());
  jobs.addCleanup('open-platform.expired-sessions', () => openPlatform.cleanExpiredSessions());
  jobs.addCleanup('media.unregistered-uploads', () => removeUnregisteredUploads(ctx));
  jobs.addCleanup('play-events.old-raw-events', () => removeOldEvents(ctx));
  // Raw events' day partitions: made at start (onReady below) and every day, a week ahead.
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
  jobs.define({ name: ACCOUNT_EXPORT_JOB, handler: async (data) => accountExports.run(String(data.key)) });
  jobs.define({
    name: WEBHOOK_DELIVERY_JOB,
    handler: async (data) => partnerWebhooks.deliver(String(data.deliveryId)),
  });
  jobs.define({ name: HOURLY_SUMMARY_JOB, cron: '5 * * * *', handler: async () => partnerWebhooks.hourlySummary(ctx) });
  jobs.define({ name: OUTBOX_RELAY_JOB, cron: '* * * * *', handler: async () => partnerWebhooks.outbox.relay() });
  jobs.define({ name: AUDIT_EXPORT_JOB, handler: async (data) => runAuditExport(ctx, String(data.key)) });
  app.decorate('ctx', ctx);
  app.decorate('services', {
    auth,
    accounts,
    notifications,
    resources,
    ads,
    params,
    menusAdmin,
    openPlatform,
    partnerWebhooks,
  } satisfies AppServices);
  app.decorateRequest('partner', null);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A partner call answers where it stands against its rate limit (IETF RateLimit headers).
    const rateHeaders = request.partner?.rateHeaders;
    if (rateHeaders) reply.headers(rateHeaders);
    done(null, payload);
  });

  registerLanguage(app);
  registerErrorHandler(app);
  registerRequestShapeChecks(app);
  // The open platform's blacklist refuses an address before any authentication.
  app.addHook('onRequest', openPlatform.blacklistHook);
  registerAuthGuard(app, {
    tokens: ctx.tokens,
    clock: ctx.clock,
    resolve: (claims, request) => auth.resolve(claims, request.lang),
    partner: openPlatform.gate,
  });
  // Every partner call goes to the open platform's audit log (batched, after the answer).
  app.addHook('onResponse', (request, reply, done) => {
    done();
    openPlatform.recordCall(request, reply.statusCode);
  });
  await app.register(fastifyCookie);
  // With REDIS_URL the rate-limit counters are shared by every instance (a Redis outage lets requests pass).
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : null;
  rateLimitRedis?.on('error', (err) => app.log.warn({ err }, 'redis (rate limit)'));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'robot-ads-rl-', skipOnError: true } : {}),
  });

  // The CSP's frame-src follows the iframe_allow_list parameter (/myiframe): the pages' answers load it first.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return;
    // A database outage keeps the last allow-list (or none): the page itself still answers.
    await params.warm().catch((err: unknown) => request.log.warn({ err }, 'system parameters not refreshed'));
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", () => params.iframeOrigins().join(' ') || "'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  // The document is a contract (docs/openapi.md): operationIds, security, errors and examples per operation.
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'robot-ads API',
        description:
          'Back-office and device API. Success: `{success:true,data}`; pages: `{success:true,total,datas}`; ' +
          'failure: `{success:false,data:null,code,msg}`. Token: `Authorization: Bearer <token>` or `access_token`.',
        version: APP_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: routeTransform as never,
    transformObject: finishDocument as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // Before the modules: its hooks count every route registered after it.
  const { instrument } = registerMetrics(app, {
    database,
    queueDepths: () => jobs.depths(),
    token: config.METRICS_TOKEN,
    extra: [playEventsIngested],
  });

  // A request that may have written (answered, so committed) has the schedule feed look at once, so the
  // 304 index of this instance (and, through Redis, of every other) drops a changed schedule in
  // milliseconds. Device calls write no schedule, except an activation (it revokes earlier tokens).
  app.addHook('onResponse', (request, reply, done) => {
    done();
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.config.device && !request.url.startsWith('/api/device/v1/activate')) return;
    app.schedules?.feed.nudge();
  });

  // Modules, registered by hand.
  await app.register(systemRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(resourcesRoutes(resources));
  await app.register(adsRoutes(ads));
  await app.register(
    devicesRoutes(ctx, {
      plansPublishedToRobot: (robotRef) => plansPublishedToRobot(ctx, ctx.db, robotRef),
      groupMembers: (groupId) => groupMemberRefs(ctx.db, groupId),
      ownerAccounts: accounts,
    }),
  );
  await app.register(adGroupsRoutes(ctx));
  await app.register(deviceProtocolRoutes(ctx));
  app.decorate('schedules', createSchedules(ctx));
  await app.register(schedulesRoutes(ctx, app.schedules));
  await app.register(authRoutes(ctx, auth, (input) => openPlatform.issueToken(input)));
  await app.register(openPlatformRoutes(openPlatform, partnerWebhooks));
  await app.register(accountsRoutes(accounts, new OwnerAccountsService(platform, accounts)));
  await app.register(twoFactorRoutes(ctx, auth.twoFactor));
  await app.register(menusRoutes(ctx, { current: () => menusAdmin.merged() }));
  await app.register(adminRoutes(ctx, { menus: menusAdmin, clients, params }));
  await app.register(notificationsRoutes(notifications));
  await app.register(systemLogsRoutes(ctx, systemLogs, (claims) => auth.resolve(claims, 'zh')));
  await app.register(customersRoutes(ctx, customerAccounts));
  await app.register(accountExports.routes());
  await app.register(playlistsRoutes(ctx));
  await app.register(directPublishRoutes(ctx));
  await app.register(publishingRoutes(ctx, consume));
  await app.register(playEventsRoutes(ctx));
  await app.register(statisticsRoutes(ctx));
  await app.register(proofOfPlayRoutes(ctx));
  await app.register(auditsRoutes(ctx));
  await app.register(wechatRoutes(wechat));
  await app.register(shootingRoutes(ctx));
  const leads = new LeadsService(ctx, {
    createCustomer: (user, input, lang) => customersForExports.create(user, input, lang),
    createAdvertiser: (user, input, lang) => accounts.createAdvertiser(user, input, lang),
  });
  jobs.define({
    name: 'sales.lead-reminders',
    cron: '*/15 * * * *',
    handler: async () => void (await leads.sendDueReminders()),
  });
  const orders = new OrdersService(ctx);
  const bills = new BillsService(ctx);
  const branches = new BranchesService(ctx);
  const salesExports = new SalesExports(ctx, { leads, orders, bills, branches });
  jobs.define({ name: 'sales.order-sync', cron: '5 * * * *', handler: async () => void (await orders.syncLaunched()) });
  jobs.define({ name: SALES_EXPORT_JOB, handler: async (data) => salesExports.run(String(data.key)) });
  await app.register(
    salesRoutes({
      orders,
      bills,
      leads,
      branches,
      exports: salesExports,
    }),
  );
  await app.register(orderProofOfPlayRoutes(ctx, orders));

  await registerStaticFiles(app, { webDist: config.WEB_DIST, playerDist: config.PLAYER_DIST });

  const deviceLane = await buildDeviceLane({
    ctx,
    cache: app.schedules.cache,
    logger: app.log,
    genReqId,
    trustProxy: config.TRUST_PROXY,
    instrument,
    blacklist: openPlatform.blacklistHook,
  });
  lane.handler = deviceLane.routing;

  // Without them every event lands in the default partition: a failure is logged, the server starts.
  app.addHook('onReady', async () => {
    await ensureDayPartitions(ctx).catch((err: unknown) =>
      app.log.error({ err }, 'play_events day partitions not made'),
    );
  });
  if (deps.startJobs) {
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  app.addHook('onReady', async () => ctx.presence.start());
  // Shutting down: sockets close first (devices and browsers reconnect to another instance), so the
  // server stops only for the requests in flight.
  app.addHook('preClose', async () => {
    ctx.realtime?.disconnectAll();
  });
  app.addHook('onClose', async () => {
    await ctx.realtime?.close();
    // After the sockets: what they and the last beats reported is written before the database closes.
    await ctx.presence.stop();
    lane.handler = null;
    await deviceLane.close();
    await rateLimitRedis?.quit().catch(() => rateLimitRedis.disconnect());
    await openPlatform.close();
    await jobs.stop();
  });
  return app;
}
