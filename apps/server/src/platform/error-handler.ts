import { type ErrorCode, errorCatalogue, isErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';
import { INT4_MAX, INT4_MIN, overflowingField, PG_OUT_OF_RANGE, sqlStateOf } from './out-of-range';
import { RequestValidationError } from './validation';

const zhLocale = z.locales.zhCN().localeError;
const enLocale = z.locales.en().localeError;

/** A zod issue in the caller's language: a custom message that is a catalogue code wins. */
function issueMessage(issue: z.core.$ZodIssue | undefined, fallback: string, lang: Language): string {
  if (!issue) return fallback;
  if (issue.message && isErrorCode(issue.message)) return messageFor(issue.message, lang);
  const locale = lang === 'zh' ? zhLocale : enLocale;
  const localized = locale(issue as never);
  const text = typeof localized === 'string' ? localized : localized?.message;
  // A custom message (not zod's default) is kept as written.
  const defaultEn = enLocale(issue as never);
  const defaultEnText = typeof defaultEn === 'string' ? defaultEn : defaultEn?.message;
  if (issue.message && issue.message !== defaultEnText) return issue.message;
  return text ?? fallback;
}

function send(reply: FastifyReply, status: number, code: string, msg: string, extra: { field?: string } = {}) {
  // Every failure names its request, so that a person can quote it and the log line can be found.
  const requestId = String(reply.request.id);
  return reply.status(status).send({ success: false, data: null, code, msg, ...extra, requestId });
}

/** Fastify's own refusals, by their code: a catalogue code with a message in the caller's language. */
const FRAMEWORK_REFUSALS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

export function sendError(
  reply: FastifyReply,
  lang: Language,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  field?: string,
) {
  return send(reply, errorCatalogue[code].status, code, messageFor(code, lang, params), { field });
}

/** The one error handler: every failure leaves in the envelope with an honest status. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError && error.code === 'REQUEST_TIMEOUT') {
      // The request's deadline passed (platform/request-context.ts) while its handler still runs.
      request.log.warn({ url: request.url }, 'request deadline passed: answered 503, a late answer is dropped');
      sendError(reply, lang, error.code);
      reply.send = () => reply;
      return;
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.code, messageFor(error.code, lang, error.params), {
        field: error.field,
      });
    }
    if (error instanceof RequestValidationError) {
      const issue = error.issues[0];
      const field = issue?.path?.map(String).join('.') || (error as FastifyError).validationContext || 'body';
      const reason = issueMessage(issue, 'invalid', lang);
      return send(reply, 400, 'VALIDATION_FAILED', messageFor('VALIDATION_FAILED', lang, { field, reason }), {
        field,
      });
    }
    if (sqlStateOf(error) === PG_OUT_OF_RANGE) {
      // A number too large for its column (contracts bound the known ones; this catches the rest).
      const found = overflowingField({ params: request.params, query: request.query, body: request.body });
      const field = found?.field ?? 'body';
      const tooBig = (found?.value ?? 1) >= 0;
      const issue = tooBig
        ? { code: 'too_big', origin: 'number', maximum: INT4_MAX, inclusive: true, path: [field], input: found?.value }
        : {
            code: 'too_small',
            origin: 'number',
            minimum: INT4_MIN,
            inclusive: true,
            path: [field],
            input: found?.value,
          };
      const reason = issueMessage({ ...issue, message: '' } as unknown as z.core.$ZodIssue, 'out of range', lang);
      request.log.warn({ field, requestId: request.id }, 'number out of range for its column');
      return send(reply, 400, 'VALIDATION_FAILED', messageFor('VALIDATION_FAILED', lang, { field, reason }), {
        field,
      });
    }
    const refusal = error.code ? FRAMEWORK_REFUSALS[error.code] : undefined;
    if (refusal) {
      const type = String(request.headers['content-type'] ?? '').slice(0, 100);
      return sendError(reply, lang, refusal, { type });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'RATE_LIMITED', messageFor('RATE_LIMITED', lang));
    if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', messageFor('PAYLOAD_TOO_LARGE', lang));
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, wrong content type, ...): a 4xx with the reason.
      return send(reply, status, 'BAD_REQUEST', messageFor('BAD_REQUEST', lang, { field: error.message }));
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return send(reply, 500, 'INTERNAL', messageFor('INTERNAL', lang));
  });
}
