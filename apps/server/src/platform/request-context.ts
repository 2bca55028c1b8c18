import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

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

/**
 * Runs every request inside its own context and holds it to its deadline. Registered first, so that
 * every later hook and the handler run inside it; body parsing leaves the flow, so the context is
 * entered again before validation and before the handler.
 *
 * The deadline is about answering: once the answer has begun (headers out: a download streams on at
 * the client's pace) it is met, and while the client is still sending its body (a slow upload) the
 * clock waits for the body to end. Otherwise, at the deadline, the context's signal aborts and the
 * request answers 503 REQUEST_TIMEOUT through the error handler, which drops the handler's late answer.
 */
export function registerRequestContext(app: FastifyInstance, opts: { timeoutMs: number }) {
  app.decorateRequest('requestContext', null);
  app.addHook('onRequest', (request, reply, done) => {
    // The controller is made when someone asks for the signal (most requests never do): a beat or a
    // poll answered 304 costs no AbortController.
    let controller: AbortController | undefined;
    let abortedWith: { reason: unknown } | undefined;
    const abort = (reason?: unknown) => {
      if (abortedWith) return;
      abortedWith = { reason };
      controller?.abort(reason);
    };
    const context: RequestContext & { readonly expired: AppError | undefined } = {
      requestId: String(request.id),
      deadline: Date.now() + opts.timeoutMs,
      get signal() {
        if (!controller) {
          controller = new AbortController();
          if (abortedWith) controller.abort(abortedWith.reason);
        }
        return controller.signal;
      },
      get expired() {
        return abortedWith?.reason instanceof AppError ? abortedWith.reason : undefined;
      },
    };
    request.requestContext = context;
    let timer: NodeJS.Timeout | undefined;
    const answering = () => reply.sent || reply.raw.headersSent;
    const expire = () => {
      if (answering()) return;
      // `complete` is false while Node is still receiving the request (an injected request has none).
      if ((request.raw as { complete?: boolean }).complete === false && !request.raw.destroyed) {
        request.raw.once('end', () => arm(opts.timeoutMs));
        return;
      }
      const timeout = new AppError('REQUEST_TIMEOUT');
      abort(timeout);
      reply.send(timeout);
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      if (!answering()) timer = setTimeout(expire, ms);
    };
    arm(opts.timeoutMs);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      // The client went away before the answer was complete: work for it can stop.
      if (!reply.raw.writableFinished) abort();
    });
    storage.run(context, done);
  });
  const reenter = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
    const context = request.requestContext as (RequestContext & { readonly expired?: AppError }) | null;
    if (!context) return done();
    // Past the deadline the 503 has gone out: the rest of the lifecycle (the handler) does not start.
    if (context.expired) return done(context.expired);
    storage.run(context, done);
  };
  app.addHook('preValidation', reenter);
  app.addHook('preHandler', reenter);
}
