import { newId } from '@robot-ads/contracts/common/ids';
import Fastify, { type FastifyBaseLogger, type FastifyServerFactory, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { clientErrorHandler, frameworkErrors } from '../http-errors';
import { registerRequestContext, requestLogMixin } from '../request-context';
import { validatorCompiler } from '../validation';

/** A request's id: the caller's `x-request-id` when it is a plausible id, else a new one. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : newId();
}

/**
 * The Fastify instance every module registers on: its logger (request id in every line, tokens never
 * written), limits, framework errors in the envelope, the request context (id, deadline) and the zod
 * validation. It does not listen; `serverFactory` makes its HTTP server (the device lane's, in buildApp).
 */
export function createHttpServer(deps: {
  config: Config;
  serverFactory: FastifyServerFactory;
  /** A logger to use (tests pass a silent one); otherwise pino at config.LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Where the built-in logger writes (tests read the log lines); stdout when absent. */
  logDestination?: NodeJS.WritableStream;
}) {
  const { config } = deps;
  const app = Fastify({
    serverFactory: deps.serverFactory,
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
  return app;
}
