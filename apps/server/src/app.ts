import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { defineBackgroundJobs } from './background-jobs';
import type { Database } from './db/client';
import { buildDeviceLane, laneServerFactory } from './device-lane';
import { AccountListExports } from './modules/accounts/account-exports';
import { OwnerAccountsService } from './modules/accounts/accounts.owners';
import { accountsOfCustomers, customerHasAccount } from './modules/accounts/accounts.queries';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { groupMemberRefs } from './modules/ad-groups/ad-groups.queries';
import { adGroupsRoutes } from './modules/ad-groups/ad-groups.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { ClientsService } from './modules/admin/clients.service';
import { MenusAdminService } from './modules/admin/menus-admin.service';
import { ParamsService } from './modules/admin/params.service';
import { adsUsingResources } from './modules/ads/ads.queries';
import { adsRoutes } from './modules/ads/ads.routes';
import { AdsService } from './modules/ads/ads.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { menusRoutes } from './modules/auth/menus.routes';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { CertificatesService } from './modules/certificates/certificates.service';
import { customersRoutes } from './modules/customers/customers.routes';
import { type CustomerAccountsLink, CustomersService } from './modules/customers/customers.service';
import { EnterpriseService } from './modules/customers/enterprise.service';
import { deviceProtocolRoutes } from './modules/device-protocol/device-protocol.routes';
import { DeviceTokenCache, loadDeviceTokens } from './modules/devices/device-tokens';
import { devicesRoutes } from './modules/devices/devices.routes';
import { Presence } from './modules/devices/presence';
import { listOwners } from './modules/devices/projects.service';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { openPlatformRoutes } from './modules/open-platform/open-platform.routes';
import { type OpenApiDocument, OpenPlatformService } from './modules/open-platform/open-platform.service';
import { MemoryRateLimiter, RedisRateLimiter } from './modules/open-platform/partner-limits';
import { PartnerWebhooks } from './modules/open-platform/partner-webhooks';
import { playEventsIngested } from './modules/play-events/play-events.metrics';
import { playEventsRoutes } from './modules/play-events/play-events.routes';
import { consume } from './modules/play-events/play-events.service';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { directPublishRoutes } from './modules/publishing/direct-publish.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import {
  adLinkCounter,
  heldSlotsLookup,
  liveRobotRefsOfAd,
  plansPublishedToRobot,
} from './modules/publishing/publishing.service';
import { resourcesRoutes } from './modules/resources/resources.routes';
import { ResourcesService } from './modules/resources/resources.service';
import { planDeliveryFacts } from './modules/reviews/plan-delivery';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { adAccountLinkCounter } from './modules/reviews/reviews.service';
import { BillsService } from './modules/sales/bills.service';
import { BranchesService } from './modules/sales/branches.service';
import { LeadsService } from './modules/sales/leads.service';
import { orderProofOfPlayRoutes } from './modules/sales/order-proof-of-play.routes';
import { OrdersService } from './modules/sales/orders.service';
import { salesRoutes } from './modules/sales/sales.routes';
import { SalesExports } from './modules/sales/sales-exports';
import { createSchedules, schedulesRoutes } from './modules/schedules/schedules.routes';
import { shootingRoutes } from './modules/shooting/shooting.routes';
import { proofOfPlayRoutes } from './modules/statistics/proof-of-play.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { SystemSettingsRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes';
import { SystemLogsService } from './modules/system-logs/system-logs.service';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { wechatRoutes } from './modules/wechat/wechat.routes';
import { WechatService } from './modules/wechat/wechat.service';
import { WechatClient } from './modules/wechat/wechat-client';
import type { ModulesContext } from './modules-context';
import { registerAuthGuard } from './platform/auth-guard';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import { registerErrorHandler } from './platform/error-handler';
import { registerRequestShapeChecks } from './platform/http-errors';
import { registerLanguage } from './platform/language';
import { registerMetrics } from './platform/metrics';
import type { HostResolver } from './platform/outbound/address-policy';
import { Realtime } from './platform/realtime';
import { registerStaticFiles } from './platform/static-files';
import { TokenService } from './platform/tokens';
import { registerApiDocs } from './platform/wiring/api-docs';
import { registerHttpProtections } from './platform/wiring/http-protections';
import { createHttpServer, genReqId } from './platform/wiring/http-server';
import { registerLifecycle } from './platform/wiring/lifecycle';
import { createPlatformContext } from './platform/wiring/platform-context';
import { sharedCounterRedis } from './platform/wiring/redis';
import { startSteps } from './start-steps';

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
  /** The day partitions and the job queue's start after ready, the server listening meanwhile (start-steps.ts). */
  startLater?: boolean;
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
    ctx: ModulesContext;
    services: AppServices;
    /** Resolves once the start's work after ready (AppDeps.startLater) is done. */
    started: () => Promise<void>;
  }
}

/** Builds the whole HTTP application on the given dependencies, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // 1. Platform (platform/wiring/): the HTTP server, then what every module is built with.
  // The device lane (device-lane.ts) answers heartbeats and schedule polls on this server once it is built.
  const lane: { handler: Parameters<typeof laneServerFactory>[0]['handler'] } = { handler: null };
  const app = createHttpServer({ ...deps, serverFactory: laneServerFactory(lane) });

  const secrets = new SystemSettingsRepository(database.db);
  const platform = createPlatformContext({
    ...deps,
    log: app.log,
    tokens: new TokenService(secrets, config.JWT_SECRET),
  });
  const { clock, jobs } = platform;

  // 2. Modules, bottom-up (docs/architecture.md, "Wiring"): every service is constructed once, with what
  // it needs; the context routes receive is assembled once, from finished services.
  const auth = new AuthService(platform, new TwoFactorService(platform));
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
  const partnerRedis = sharedCounterRedis(config.REDIS_URL, app.log, 'redis (open platform rate limit)');
  const openPlatform = new OpenPlatformService(platform, {
    resolveAccount: (accountId, lang) => auth.resolveAccount(accountId, lang),
    openApi: () => app.swagger() as OpenApiDocument,
    limiter: partnerRedis ? new RedisRateLimiter(partnerRedis) : new MemoryRateLimiter(),
  });
  const partnerWebhooks = new PartnerWebhooks(platform, {
    resolveAccount: (accountId, lang) => auth.resolveAccount(accountId, lang),
    recordChange: (actor, action, target) => openPlatform.recordChange(actor, action, target),
  });
  // The context of the function-style modules: the platform plus each field a module's `<module>.context.ts`
  // names, given its implementation here; the comment says which modules read it.
  const ctx: ModulesContext = {
    ...platform,
    realtime,
    params, // media, devices, playlists, publishing
    notifications, // playlists (leads and enterprise get it in their constructor)
    ads, // playlists, schedules, play-events
    // devices, device-protocol, schedules (devices owns both):
    presence: new Presence(
      { database, clock, log: app.log },
      { redisUrl: config.REDIS_URL, flushMs: config.PRESENCE_FLUSH_MS },
    ),
    deviceTokens: new DeviceTokenCache(1_000_000, loadDeviceTokens(database.db)),
    usedSlots: heldSlotsLookup(clock), // devices <- publishing
    planDelivery: planDeliveryFacts, // playlists <- reviews
    partnerEvents: partnerWebhooks, // publishing, reviews, shooting <- open-platform (orders: in its constructor)
  };
  const systemLogs = new SystemLogsService(platform);
  const customerAccounts: CustomerAccountsLink = {
    hasAccount: (customerId) => customerHasAccount(ctx.db, customerId),
    accountsOf: (customerIds) => accountsOfCustomers(ctx.db, customerIds),
  };
  const customers = new CustomersService(ctx, customerAccounts);
  const enterprise = new EnterpriseService(ctx, customers, notifications);
  const ownerAccounts = new OwnerAccountsService(platform, accounts);
  const accountExports = new AccountListExports(ctx, accounts, {
    owners: (user, q) => listOwners(ctx, user, q),
    customers: (user, q) => customers.page(user, q),
  });
  const wechat = new WechatService(platform, new WechatClient(config));
  const leads = new LeadsService(
    ctx,
    {
      createCustomer: (user, input, lang) => customers.create(user, input, lang),
      createAdvertiser: (user, input, lang) => accounts.createAdvertiser(user, input, lang),
    },
    notifications,
  );
  const orders = new OrdersService(ctx, partnerWebhooks);
  const bills = new BillsService(ctx);
  const branches = new BranchesService(ctx);
  const salesExports = new SalesExports(ctx, { leads, orders, bills, branches });
  // Proof-of-play certificates: signed with CERTIFICATE_SIGNING_KEY, or a key generated once and kept in the settings.
  const certificates = new CertificatesService(platform, secrets);

  // Background work of every module (background-jobs.ts), defined before the queue starts.
  defineBackgroundJobs(jobs, ctx, {
    auth,
    systemLogs,
    openPlatform,
    partnerWebhooks,
    accountExports,
    leads,
    orders,
    salesExports,
  });

  // 3. The HTTP pipeline: hooks and plugins every route registered after them goes through.
  app.decorate('ctx', ctx);
  const services: AppServices = {
    auth,
    accounts,
    notifications,
    resources,
    ads,
    params,
    menusAdmin,
    openPlatform,
    partnerWebhooks,
  };
  app.decorate('services', services);
  // Before the hook below that nudges its feed after every write.
  app.decorate('schedules', createSchedules(ctx));
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
  const protections = await registerHttpProtections(app, {
    redisUrl: config.REDIS_URL,
    refreshFrameOrigins: () => params.warm(),
    frameOrigins: () => params.iframeOrigins(),
    pagesWaitForDatabase: () => ctx.demo.status !== 'loading',
  });
  await registerApiDocs(app);
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
    app.schedules.feed.nudge();
  });

  // 4. Every module's routes, each with what it receives.
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
  await app.register(schedulesRoutes(ctx, app.schedules));
  await app.register(authRoutes(ctx, auth, (input) => openPlatform.issueToken(input)));
  await app.register(openPlatformRoutes(openPlatform, partnerWebhooks));
  await app.register(accountsRoutes(accounts, ownerAccounts));
  await app.register(twoFactorRoutes(ctx, auth.twoFactor));
  await app.register(menusRoutes(ctx, { current: () => menusAdmin.merged() }));
  await app.register(adminRoutes(ctx, { menus: menusAdmin, clients, params }));
  await app.register(notificationsRoutes(notifications));
  await app.register(systemLogsRoutes(ctx, systemLogs, (claims) => auth.resolve(claims, 'zh')));
  await app.register(customersRoutes(customers, enterprise));
  await app.register(accountExports.routes());
  await app.register(playlistsRoutes(ctx));
  await app.register(directPublishRoutes(ctx));
  await app.register(publishingRoutes(ctx, consume));
  await app.register(playEventsRoutes(ctx));
  await app.register(statisticsRoutes(ctx));
  await app.register(proofOfPlayRoutes(ctx, certificates));
  await app.register(reviewsRoutes(ctx));
  await app.register(wechatRoutes(wechat));
  await app.register(shootingRoutes(ctx));
  await app.register(salesRoutes({ orders, bills, leads, branches, exports: salesExports }));
  await app.register(orderProofOfPlayRoutes(ctx, orders, certificates));
  await app.register(certificatesRoutes(certificates));

  await registerStaticFiles(app, { webDist: config.WEB_DIST, playerDist: config.PLAYER_DIST });

  // 5. The device lane on the same port, then start and stop.
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

  const steps = startSteps(ctx, app.log, deps);
  const started = registerLifecycle(app, {
    ready: [
      ...steps.ready,
      () => ctx.presence.start(),
      // What every request's hooks read (the blacklist, the pages' frame origins), loaded before the first comes.
      () => Promise.all([openPlatform.warm(), params.warm()]),
    ],
    later: steps.later,
    // Shutting down: sockets close first (devices and browsers reconnect to another instance), so the
    // server stops only for the requests in flight.
    beforeClose: [() => ctx.realtime?.disconnectAll()],
    close: [
      () => ctx.realtime?.close(),
      // After the sockets: what they and the last beats reported is written before the database closes.
      () => ctx.presence.stop(),
      () => {
        lane.handler = null;
      },
      () => deviceLane.close(),
      () => protections.close(),
      () => openPlatform.close(),
      () => jobs.stop(),
    ],
  });
  app.decorate('started', started);
  return app;
}
