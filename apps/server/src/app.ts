import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { newId } from '@robot-ads/contracts/common/ids';
import { PACKAGE_VERSION } from '@robot-ads/contracts/system/system.schemas';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Database } from './db/client';
import { buildDeviceLane, laneServerFactory } from './device-lane';
import { accountsOfCustomers, customerHasAccount } from './modules/accounts/accounts.queries';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { groupMemberRefs } from './modules/ad-groups/ad-groups.queries';
import { adGroupsRoutes } from './modules/ad-groups/ad-groups.routes';
// The modules' additions to AppContext (declaration merging): named here so that every program that
// builds the app (server, web tests, e2e) sees them.
import type {} from './modules/ads/ads.context';
import { adsRoutes } from './modules/ads/ads.routes';
import { AdsService, adsUsingResources } from './modules/ads/ads.service';
import { AUDIT_EXPORT_JOB, runAuditExport } from './modules/audits/audit-exports';
import { auditsRoutes } from './modules/audits/audits.routes';
import { adAccountLinkCounter } from './modules/audits/audits.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { menusRoutes } from './modules/auth/menus.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { CustomersService } from './modules/customers/customers.service';
import { DeviceTokenCache, loadDeviceTokens } from './modules/device-protocol/device-auth';
import { deviceProtocolRoutes } from './modules/device-protocol/device-protocol.routes';
import { EXPORT_JOB as DEVICE_EXPORT_JOB, runExport as runDeviceExport } from './modules/devices/device-exports';
import type {} from './modules/devices/devices.context';
import { devicesRoutes } from './modules/devices/devices.routes';
import { sweepOffline } from './modules/devices/devices.service';
import { Presence } from './modules/devices/presence';
import { mediaRoutes } from './modules/media/media.routes';
import { removeUnregisteredUploads } from './modules/media/media-uploads';
import type {} from './modules/notifications/notifications.context';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { playEventsIngested } from './modules/play-events/play-events.metrics';
import { playEventsRoutes } from './modules/play-events/play-events.routes';
import { consume } from './modules/play-events/play-events.service';
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
import { OrdersService } from './modules/sales/orders.service';
import { salesRoutes } from './modules/sales/sales.routes';
import { SALES_EXPORT_JOB, SalesExports } from './modules/sales/sales-exports';
import { createSchedules, schedulesRoutes } from './modules/schedules/schedules.routes';
import { runStatisticsExport, STATISTICS_EXPORT_JOB } from './modules/statistics/statistics.export';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { SystemSettingsRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes';
import { SystemLogsService } from './modules/system-logs/system-logs.service';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { registerAuthGuard } from './platform/auth-guard';
import { type Clock, systemClock } from './platform/clock';
import type { Config } from './platform/config';
import type { AppContext, PlatformContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler, frameworkErrors, registerRequestShapeChecks } from './platform/http-errors';
import { Jobs } from './platform/jobs';
import { registerLanguage } from './platform/language';
import { registerMetrics } from './platform/metrics';
import { Realtime } from './platform/realtime';
import { registerRequestContext, requestLogMixin } from './platform/request-context';
import type { SessionUser } from './platform/session-user';
import { registerStaticFiles } from './platform/static-files';
import { createStorage } from './platform/storage/create-storage';
import { TokenService } from './platform/tokens';
import { validatorCompiler } from './platform/validation';

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
}

/** The class services buildApp constructed, each handed to the routes that use it (tests reach them here). */
export interface AppServices {
  auth: AuthService;
  accounts: AccountsService;
  notifications: NotificationsService;
  resources: ResourcesService;
  ads: AdsService;
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
  const ctx: AppContext = {
    ...platform,
    realtime,
    notifications,
    ads,
    presence: new Presence(
      { database, clock, log: app.log },
      { redisUrl: config.REDIS_URL, flushMs: config.PRESENCE_FLUSH_MS },
    ),
    deviceTokens: new DeviceTokenCache(1_000_000, loadDeviceTokens(database.db)),
    usedSlots: heldSlotsLookup(clock),
  };
  const systemLogs = new SystemLogsService(platform);

  // Background work, defined before the queue starts.
  jobs.addCleanup('auth.expired-sessions', () => auth.cleanExpired());
  jobs.addCleanup('system-logs.frontend-errors', () => systemLogs.clean());
  jobs.addCleanup('media.unregistered-uploads', () => removeUnregisteredUploads(ctx));
  jobs.define({
    name: DEVICE_EXPORT_JOB,
    handler: async (data) => runDeviceExport(ctx, String(data.key), (groupId) => groupMemberRefs(ctx.db, groupId)),
  });
  jobs.define({ name: 'devices.offline-sweep', cron: '* * * * *', handler: async () => sweepOffline(ctx) });
  jobs.define({
    name: PUBLISH_EXPORT_JOB,
    handler: async (data) =>
      runPublishExport(ctx, String(data.key), JSON.parse(String(data.user)) as SessionUser, consume),
  });
  jobs.define({
    name: STATISTICS_EXPORT_JOB,
    handler: async (data) => runStatisticsExport(ctx, String(data.key), JSON.parse(String(data.user)) as SessionUser),
  });
  jobs.define({ name: AUDIT_EXPORT_JOB, handler: async (data) => runAuditExport(ctx, String(data.key)) });
  app.decorate('ctx', ctx);
  app.decorate('services', { auth, accounts, notifications, resources, ads } satisfies AppServices);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  registerLanguage(app);
  registerErrorHandler(app);
  registerRequestShapeChecks(app);
  registerAuthGuard(app, {
    tokens: ctx.tokens,
    clock: ctx.clock,
    resolve: (claims, request) => auth.resolve(claims, request.lang),
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
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'robot-ads API',
        description:
          'Back-office and device API. Success: `{success:true,data}`; pages: `{success:true,total,datas}`; ' +
          'failure: `{success:false,data:null,code,msg}`. Token: `Authorization: Bearer <token>` or `access_token`.',
        version: PACKAGE_VERSION,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          accessToken: { type: 'apiKey', in: 'query', name: 'access_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
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
    }),
  );
  await app.register(adGroupsRoutes(ctx));
  await app.register(deviceProtocolRoutes(ctx));
  app.decorate('schedules', createSchedules(ctx));
  await app.register(schedulesRoutes(ctx, app.schedules));
  await app.register(authRoutes(ctx, auth));
  await app.register(accountsRoutes(accounts));
  await app.register(twoFactorRoutes(ctx, auth.twoFactor));
  await app.register(menusRoutes(ctx));
  await app.register(notificationsRoutes(notifications));
  await app.register(systemLogsRoutes(ctx, systemLogs, (claims) => auth.resolve(claims, 'zh')));
  await app.register(
    customersRoutes(ctx, {
      hasAccount: (customerId) => customerHasAccount(ctx.db, customerId),
      accountsOf: (customerIds) => accountsOfCustomers(ctx.db, customerIds),
    }),
  );
  await app.register(playlistsRoutes(ctx));
  await app.register(directPublishRoutes(ctx));
  await app.register(publishingRoutes(ctx, consume));
  await app.register(playEventsRoutes(ctx));
  await app.register(statisticsRoutes(ctx));
  await app.register(auditsRoutes(ctx));
  const customersForSales = new CustomersService(ctx, {
    hasAccount: (customerId) => customerHasAccount(ctx.db, customerId),
    accountsOf: (customerIds) => accountsOfCustomers(ctx.db, customerIds),
  });
  const leads = new LeadsService(ctx, {
    createCustomer: (user, input, lang) => customersForSales.create(user, input, lang),
    createAdvertiser: (user, input, lang) => accounts.createAdvertiser(user, input, lang),
  });
  jobs.define({
    name: 'sales.lead-reminders',
    cron: '*/15 * * * *',
    handler: async () => void (await leads.sendDueReminders()),
  });
  const orders = new OrdersService(ctx);
  const salesExports = new SalesExports(ctx, leads, orders);
  jobs.define({ name: 'sales.order-sync', cron: '5 * * * *', handler: async () => void (await orders.syncLaunched()) });
  jobs.define({ name: SALES_EXPORT_JOB, handler: async (data) => salesExports.run(String(data.key)) });
  await app.register(
    salesRoutes({
      orders,
      bills: new BillsService(ctx),
      leads,
      branches: new BranchesService(ctx),
      exports: salesExports,
    }),
  );

  await registerStaticFiles(app, { webDist: config.WEB_DIST, playerDist: config.PLAYER_DIST });

  const deviceLane = await buildDeviceLane({
    ctx,
    cache: app.schedules.cache,
    logger: app.log,
    genReqId,
    trustProxy: config.TRUST_PROXY,
    instrument,
  });
  lane.handler = deviceLane.routing;

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
    await jobs.stop();
  });
  return app;
}
