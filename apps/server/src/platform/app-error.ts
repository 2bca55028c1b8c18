import { type ErrorCode, errorCatalogue } from '@robot-ads/contracts/common/errors';

/**
 * A refusal the caller should see: its code picks the HTTP status and the zh/en message from the
 * one catalogue; `field` names the offending input when there is one.
 */
export class AppError extends Error {
  readonly status: number;
  /** Headers the refusal answers with (Retry-After of a 429). */
  headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(code);
    this.status = errorCatalogue[code].status;
  }
}

/** A refusal answered with headers, e.g. `withHeaders(new AppError('RATE_LIMITED'), { 'retry-after': '30' })`. */
export function withHeaders(error: AppError, headers: Record<string, string>): AppError {
  error.headers = headers;
  return error;
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
