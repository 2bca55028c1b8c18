import { z } from 'zod';

/** Paging query parameters shared by every list endpoint (`start` is an offset). */
export const pageQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;
