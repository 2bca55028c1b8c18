import type { ErrorLogEntryInput, errorLogAccepted } from '@robot-ads/contracts/system-logs/system-logs.schemas';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import type { ErrorLogEntry } from '../lib/error-log';

/** The server's intake of front-end errors (spec section 8; the path is ours, see docs/auth.md). */
export const ERROR_LOG_PATH = '/api/ErrorLogs';

export function sendErrorLog(entry: ErrorLogEntry): Promise<unknown> {
  const body: ErrorLogEntryInput = entry;
  return api.post<z.infer<typeof errorLogAccepted>>(ERROR_LOG_PATH, body, { silent: true, keepSessionOn401: true });
}
