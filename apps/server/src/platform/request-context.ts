import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What every call made on behalf of one request can know about it, whoever makes the call. */
export interface RequestContext {
  /** The request id (also the `x-request-id` header and `requestId` of error answers). */
  readonly requestId: string;
  /** When the request must have answered (epoch ms): REQUEST_TIMEOUT_MS after it arrived. */
  readonly deadline: number;
  /** Aborted when the deadline passes or the client goes away: long work can stop early. */
  readonly signal: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request whose async flow is running, if any (none in jobs and start-up). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * pino `mixin`: every log line written inside a request's flow carries its id, service logs through
 * ctx.log too. Fastify's request logger already binds it (requestIdLogLabel 'requestId'): not twice.
 */
export function requestLogMixin(
  _merge: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): object {
  const context = storage.getStore();
  if (!context || 'requestId' in logger.bindings()) return {};
  return { requestId: context.requestId };
}

declare module 'fastify' {
  interface FastifyRequest {
    requestContext: RequestContext | null;
  }
}

function contextOf(request: FastifyRequest, timeoutMs: number): RequestContext {
  return {
    requestId: String(request.id),
    deadline: Date.now() + timeoutMs,
    // Fastify's signal: aborted by the handler time-out (the deadline) or when the client disconnects.
    get signal() {
      return request.signal;
    },
  };
}

/**
 * Runs every request inside its own context. Registered first, so that every later hook and the
 * handler run inside it; body parsing leaves the flow, so the context is entered again before
 * validation and before the handler.
 */
export function registerRequestContext(app: FastifyInstance, opts: { timeoutMs: number }) {
  app.decorateRequest('requestContext', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const context = contextOf(request, opts.timeoutMs);
    request.requestContext = context;
    storage.run(context, done);
  });
  const reenter = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (request.requestContext) storage.run(request.requestContext, done);
    else done();
  };
  app.addHook('preValidation', reenter);
  app.addHook('preHandler', reenter);
}
