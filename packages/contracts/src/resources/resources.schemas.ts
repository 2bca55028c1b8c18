import { z } from 'zod';
import { idSchema } from '../common/ids';
import { resourceKind } from '../media/media.schemas';

export const RESOURCE_TYPES = ['private', 'public'] as const;
/** Section 3: reLocation defaults to bf, and is empty for video. */
export const DEFAULT_RELOCATION = 'bf';

const templateNumber = z.coerce.number().int().min(1).max(9);

export const resourceDto = z.object({
  id: idSchema,
  resourceId: idSchema,
  name: z.string(),
  kind: resourceKind,
  type: z.enum(RESOURCE_TYPES),
  /** ms (shown in seconds). */
  duration: z.number().int(),
  oss: z.object({ objectName: z.string() }),
  /** A signed link to the file. */
  mdpath: z.string(),
  thumbnail: z.string().nullable(),
  reLocation: z.string(),
  template: z.number().int(),
  slot: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  sha256: z.string(),
  mediaId: idSchema,
  customerId: z.string().nullable(),
  createtime: z.number().int(),
});
export type ResourceDto = z.infer<typeof resourceDto>;

export const createResourceBody = z.object({
  mediaId: idSchema,
  name: z.string().trim().min(1).max(100).optional(),
  kind: resourceKind.optional(),
  type: z.enum(RESOURCE_TYPES).default('private'),
  reLocation: z.string().max(20).optional(),
  template: templateNumber.optional(),
  slot: templateNumber.optional(),
});
export type CreateResourceBody = z.infer<typeof createResourceBody>;

export const updateResourceBody = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(100).optional(),
  type: z.enum(RESOURCE_TYPES).optional(),
  reLocation: z.string().max(20).optional(),
  template: templateNumber.optional(),
  slot: templateNumber.optional(),
});
export type UpdateResourceBody = z.infer<typeof updateResourceBody>;

export const resourceQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  kind: resourceKind.optional(),
  template: templateNumber.optional(),
  slot: templateNumber.optional(),
  name: z.string().trim().max(100).optional(),
  type: z.enum(RESOURCE_TYPES).optional(),
});
export type ResourceQuery = z.infer<typeof resourceQuery>;

export const findByKindQuery = resourceQuery.extend({ kind: resourceKind });

export const kindCount = z.object({ kind: resourceKind, count: z.number().int() });

export const resourceIdQuery = z.object({ id: idSchema });

export const videoPoster = z.object({
  id: idSchema,
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
