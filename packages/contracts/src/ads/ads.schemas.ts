import { z } from 'zod';
import { checkName } from '../accounts/accounts.rules';
import { idSchema } from '../common/ids';
import { DEFAULT_TIME_ZONE, timeZoneSchema } from '../playlists/playlists.schemas';
import { resourceDto } from '../resources/resources.schemas';
import { AD_CONDITION_DEFAULT_LIMIT, AD_KINDS, AD_MAX_MATERIALS } from './ads.rules';

export const adKind = z.enum(AD_KINDS);

/** Names 2-15 characters without special characters (the shared name rule). */
export const adName = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const code = checkName(value);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });

/** A material reference: its id, or an object carrying id or resourceId (the shape the list returns). */
const materialRef = z.union([
  idSchema,
  z.object({ id: idSchema }).passthrough(),
  z.object({ resourceId: idSchema }).passthrough(),
]);

export function materialRefId(ref: z.infer<typeof materialRef>): string {
  if (typeof ref === 'string') return ref;
  return 'resourceId' in ref && typeof ref.resourceId === 'string'
    ? ref.resourceId
    : String((ref as { id: string }).id);
}

const unixSeconds = z.coerce.number().int().min(0).max(32503680000);

const adFields = {
  name: adName,
  kind: adKind,
  begin: unixSeconds,
  end: unixSeconds,
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  /** Screens of materials (each screen's first item is its main media), or a flat list in `resources`. */
  resourcesObjs: z.array(z.array(materialRef).min(1)).optional(),
  resources: z.array(materialRef).optional(),
};

function checkWindow(v: { begin: number; end: number }, ctx: z.RefinementCtx) {
  if (v.end <= v.begin) ctx.addIssue({ code: 'custom', path: ['end'], message: 'END_BEFORE_START' });
}
function checkCount(v: { resourcesObjs?: unknown[][]; resources?: unknown[] }, ctx: z.RefinementCtx) {
  const count = v.resourcesObjs ? v.resourcesObjs.flat().length : (v.resources?.length ?? 0);
  if (count === 0) ctx.addIssue({ code: 'custom', path: ['resourcesObjs'], message: 'AD_MATERIALS_REQUIRED' });
  if (count > AD_MAX_MATERIALS) ctx.addIssue({ code: 'custom', path: ['resourcesObjs'], message: 'AD_MATERIALS_MAX' });
}

export const createAdBody = z.object(adFields).superRefine((v, ctx) => {
  checkWindow(v, ctx);
  checkCount(v, ctx);
});
export type CreateAdBody = z.infer<typeof createAdBody>;

export const updateAdBody = z.object({ id: idSchema, ...adFields }).superRefine((v, ctx) => {
  checkWindow(v, ctx);
  checkCount(v, ctx);
});
export type UpdateAdBody = z.infer<typeof updateAdBody>;

export const adMedia = z.object({
  kind: z.enum(['video', 'picture', 'pdf', 'ppt', 'html']),
  url: z.string(),
  thumbnail: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const adDto = z.object({
  id: idSchema,
  name: z.string(),
  kind: adKind,
  begin: z.number().int(),
  end: z.number().int(),
  timeZone: z.string(),
  template: z.number().int(),
  /** ms, the longest screen summed over screens. */
  duration: z.number().int(),
  createtime: z.number().int(),
  customerId: z.string().nullable(),
  resourcesObjs: z.array(z.array(resourceDto)),
  /** The first screen's main media, for previews in lists. */
  media: adMedia.nullable(),
});
export type AdDto = z.infer<typeof adDto>;

export const adPageQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  name: z.string().trim().max(100).optional(),
  kind: adKind.optional(),
});

export const adConditionQuery = z.object({
  name: z.string().trim().max(100).optional(),
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AD_CONDITION_DEFAULT_LIMIT).default(AD_CONDITION_DEFAULT_LIMIT),
});

export const adIdsBody = z.object({ ids: z.array(idSchema).max(1000) });
