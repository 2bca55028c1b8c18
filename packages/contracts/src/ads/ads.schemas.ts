import { z } from 'zod';
import { checkName } from '../accounts/accounts.rules';
import { idSchema } from '../common/ids';
import { OVERLAY_POSITIONS } from '../device-protocol/schedule.schemas';
import { DEFAULT_TIME_ZONE, timeZoneSchema } from '../playlists/playlists.schemas';
import { resourceDto } from '../resources/resources.schemas';
import { AD_CONDITION_DEFAULT_LIMIT, AD_KINDS, AD_MAX_MATERIALS, isQrTarget } from './ads.rules';

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

/** Where a QR code or watermark sits on the screen (spec section 9): the device protocol's positions. */
export const overlayPosition = z.enum(OVERLAY_POSITIONS, { error: 'AD_OVERLAY_POSITION_INVALID' });

/**
 * A QR code or watermark of an ad: a picture uploaded with `purpose: 'qr'` (jpg/jpeg/png/bmp, 2MB) and
 * its position, both or neither. `null` (or both empty) means none; on an edit, leaving the field out
 * keeps what the ad has.
 */
export const adOverlayInput = z
  .object({ mediaId: idSchema.nullish(), position: overlayPosition.nullish() })
  .superRefine((v, ctx) => {
    if (v.mediaId && !v.position) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'AD_OVERLAY_POSITION_REQUIRED' });
    }
    if (!v.mediaId && v.position) {
      ctx.addIssue({ code: 'custom', path: ['mediaId'], message: 'AD_OVERLAY_PICTURE_REQUIRED' });
    }
  });
export type AdOverlayInput = z.infer<typeof adOverlayInput>;

/**
 * Where a scan of the ad's QR code leads (http or https): with a target, the player draws a tracking QR
 * code (PUBLIC_URL/q/<code>) that counts the scan, then redirects here. Needs the ad's QR code. `null` or
 * '' removes it; on an edit, leaving the field out keeps it.
 */
export const qrTargetInput = z
  .string()
  .trim()
  .refine((v) => v === '' || isQrTarget(v), { message: 'AD_QR_TARGET_INVALID' })
  // Stored as the parser writes it: no tab, line break or space survives into the Location header.
  .transform((v) => (v === '' ? v : new URL(v).href))
  .nullish();

const adFields = {
  name: adName,
  kind: adKind,
  begin: unixSeconds,
  end: unixSeconds,
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  /** Screens of materials (each screen's first item is its main media), or a flat list in `resources`. */
  resourcesObjs: z.array(z.array(materialRef).min(1)).optional(),
  resources: z.array(materialRef).optional(),
  qr: adOverlayInput.nullish(),
  qrTarget: qrTargetInput,
  watermark: adOverlayInput.nullish(),
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

/** PUT /api/Advertisements: the form's fields; the time zone is kept when not sent (no default here). */
export const updateAdBody = z
  .object({ id: idSchema, ...adFields, timeZone: timeZoneSchema.optional() })
  .superRefine((v, ctx) => {
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

/** A QR code or watermark as an ad carries it: the picture (signed links) and its position. */
export const adOverlay = z.object({
  mediaId: idSchema,
  position: z.enum(OVERLAY_POSITIONS),
  name: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
});
export type AdOverlay = z.infer<typeof adOverlay>;

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
  /** The QR code shown over the ad, and the watermark; null when it has none. */
  qr: adOverlay.nullable(),
  /** Where a scan of the QR code leads (counted through PUBLIC_URL/q/<code>); null: the picture as uploaded. */
  qrTarget: z.string().nullable(),
  watermark: adOverlay.nullable(),
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
