import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { pageQuery } from '../common/pagination';

/** Spec sections 3 and 8: one unhandled front-end error, as the web keeps it. */
export const errorLogEntry = z.object({
  url: z.string().max(2000),
  time: z.number().int().min(0).describe('unix seconds, as the browser saw it'),
  type: z.string().max(40),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional().default(''),
  info: z.string().max(4000).optional().default(''),
});
export type ErrorLogEntryInput = z.input<typeof errorLogEntry>;

/** At most this many entries per request. */
export const ERROR_LOG_BATCH_MAX = 20;
export const errorLogBody = z.union([errorLogEntry, z.array(errorLogEntry).min(1).max(ERROR_LOG_BATCH_MAX)]);

export const errorLogDto = errorLogEntry.extend({
  id: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  createtime: z.number(),
});
export const errorLogAccepted = okEnvelope(z.object({ accepted: z.number().int() }));
/** Filters of the error log viewer: type, account, a word of the message or address, a period (unix seconds). */
export const errorLogQuery = pageQuery.extend({
  type: z.string().max(40).optional(),
  username: z.string().max(60).optional(),
  keyword: z.string().max(200).optional(),
  begin: z.coerce.number().int().min(0).optional(),
  end: z.coerce.number().int().min(0).optional(),
});
export const errorLogPage = pageEnvelope(errorLogDto);
