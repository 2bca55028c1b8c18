import { z } from 'zod';

/** `{ success: true, data }` — the success envelope of every non-list endpoint. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, total, datas }` — the envelope of every paged list. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), total: z.number().int(), datas: z.array(item) });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  data: z.null(),
  code: z.string(),
  msg: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Ok<T> = { success: true; data: T };
export type Page<T> = { success: true; total: number; datas: T[] };
