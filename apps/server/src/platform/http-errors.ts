import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorCatalogue, messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import { pickLanguage } from '@robot-ads/contracts/common/language';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { sendError } from './error-handler';

/**
 * Refusals Fastify makes before a request reaches a route (a URL that cannot be decoded, a path
 * parameter over the length limit): the envelope, like every other failure. No onRequest hook has run
 * yet, so the language comes straight from the header.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(request.headers['accept-language']);
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'URL_TOO_LONG'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'BAD_URL'
        : 'INTERNAL';
  if (code === 'INTERNAL') request.log.error({ err: error }, 'framework error');
  reply.header('x-request-id', String(request.id));
  sendError(reply, lang, code);
}

const CLIENT_ERRORS: Record<string, { code: ErrorCode; status: number }> = {
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', status: 431 },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', status: 408 },
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or URL over the size limit, a
 * malformed request line, a slow client): answer on the socket in the envelope and close it. The
 * language is read from the raw bytes received, when the header got that far.
 */
export function clientErrorHandler(this: unknown, err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
  const code: ErrorCode = known?.code ?? 'BAD_HTTP_REQUEST';
  const status = known?.status ?? errorCatalogue[code].status;
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = pickLanguage(/\r\naccept-language:\s*([^\r\n]*)/i.exec(raw)?.[1]);
  const requestId = newId();
  // Fastify binds the handler to the app: its logger, when there is one.
  (this as { log?: FastifyBaseLogger } | undefined)?.log?.debug({ err, requestId }, 'client error');
  const body = JSON.stringify({ success: false, data: null, code, msg: messageFor(code, lang), requestId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * A multipart body without its boundary cannot be read at all (the parser throws before any route
 * code runs): refuse it as a bad Content-Type for every route at once.
 */
export function registerRequestShapeChecks(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const type = request.headers['content-type'];
    if (typeof type === 'string' && /^\s*multipart\//i.test(type) && !/;\s*boundary=\S/i.test(type)) {
      throw new AppError('BAD_REQUEST', { field: 'Content-Type' }, 'Content-Type');
    }
  });
}
