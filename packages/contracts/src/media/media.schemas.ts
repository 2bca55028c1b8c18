import { z } from 'zod';
import { idSchema } from '../common/ids';
import { RESOURCE_KINDS } from './media.rules';

export const resourceKind = z.enum(RESOURCE_KINDS);

/** Section 9: credentials are fetched for 3600 s and fetched again when fewer than 3300 s remain. */
export const UPLOAD_CREDENTIALS_TTL_SECONDS = 3600;
export const UPLOAD_CREDENTIALS_REFRESH_BELOW_SECONDS = 3300;

/** GET /api/Media/oss: section 3 "Upload token" plus the form the browser uploads with. */
export const uploadCredentials = z.object({
  Expiration: z.string(),
  AccessKeyId: z.string(),
  AccessKeySecret: z.string(),
  SecurityToken: z.string(),
  region: z.string(),
  bucket: z.string(),
  dir: z.string(),
  provider: z.enum(['local', 's3']),
  expiresAt: z.number().int(),
  maxBytes: z.number().int(),
  upload: z.object({
    method: z.literal('POST'),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});
export type UploadCredentials = z.infer<typeof uploadCredentials>;

/** Whether cached credentials must be fetched again (section 9). */
export function credentialsNeedRefresh(creds: Pick<UploadCredentials, 'expiresAt'> | null, nowMs: number): boolean {
  if (!creds) return true;
  return creds.expiresAt - nowMs / 1000 < UPLOAD_CREDENTIALS_REFRESH_BELOW_SECONDS;
}

const templateNumber = z.coerce.number().int().min(1).max(9);

/** POST /api/Media: register a file uploaded to storage (checked again from its bytes). */
/** GET /api/Media/oss: `licence` asks for credentials to upload an enterprise licence picture (no DIY flag needed). */
export const uploadCredentialsQuery = z.object({ purpose: z.enum(['material', 'qr', 'licence']).default('material') });

export const registerMediaBody = z.object({
  key: z.string().min(1).max(300),
  /** The file's original name (shown to people; never trusted for its type). */
  name: z.string().trim().min(1).max(255),
  kind: resourceKind.optional(),
  template: templateNumber.default(1),
  slot: templateNumber.default(1),
  /** `qr`: a QR image for a plan (jpg/jpeg/png/bmp, 2MB, any size), not a material. */
  /** `licence`: a business licence or qualification picture of enterprise information (the QR picture rule: jpg/jpeg/png/bmp, 2MB). */
  purpose: z.enum(['material', 'qr', 'licence']).default('material'),
});
export type RegisterMediaBody = z.infer<typeof registerMediaBody>;

export const registerMediaBatchBody = z.object({ files: z.array(registerMediaBody).min(1) });

export const mediaDto = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  kind: resourceKind,
  ext: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** ms */
  duration: z.number().int().nullable(),
  template: z.number().int(),
  slot: z.number().int(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  createtime: z.number().int(),
});
export type MediaDto = z.infer<typeof mediaDto>;

export const localUploadResult = z.object({ key: z.string(), size: z.number().int() });
