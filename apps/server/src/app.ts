import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { newId } from '@robot-ads/contracts/common/ids';
import { PACKAGE_VERSION } from '@robot-ads/contracts/system/system.schemas';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemRoutes } from './modules/system/system.routes';
import { type Clock, systemClock } from './platform/clock';
import type { AppContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import { Jobs } from './platform/jobs';
import { registerLanguage } from './platform/language';
import { registerStaticFiles } from './platform/static-files';
import { validatorCompiler } from './platform/validation';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** A logger to use (tests pass a silent one); otherwise pino at config.LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Start the job queue with the app (main does; most tests do not need it). */
  startJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole HTTP application on the given dependencies, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : {
          logger: {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.access_token'],
          },
        }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : newId();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new Jobs(database, app.log, config.DATABASE_URL);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: deps.clock ?? systemClock,
    jobs,
    log: app.log,
    startedAt: new Date(),
  };
  app.decorate('ctx', ctx);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerLanguage(app);
  registerErrorHandler(app);

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

  // Modules, registered by hand.
  await app.register(systemRoutes(ctx));

  await registerStaticFiles(app, { webDist: config.WEB_DIST, playerDist: config.PLAYER_DIST });

  if (deps.startJobs) {
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return app;
}
