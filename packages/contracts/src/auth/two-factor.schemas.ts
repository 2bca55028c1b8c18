import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';

/**
 * Two-factor login of advertiser accounts (AdvertiserUsers advertiserSendCode, 2AFConfig,
 * 2AFConfigByPage, 2AFConfigUpsert): a one-time code sent by SMS to the account's phone or by e-mail
 * to its address, required by the advertiser login after the password. See docs/auth.md.
 */
export const TWO_FACTOR_CHANNELS = ['sms', 'email'] as const;
export type TwoFactorChannel = (typeof TWO_FACTOR_CHANNELS)[number];

/** Digits of a code, its lifetime, the pause between two sends, and the wrong tries that void it. */
export const TWO_FACTOR_CODE_LENGTH = 6;
export const TWO_FACTOR_CODE_TTL_SECONDS = 5 * 60;
export const TWO_FACTOR_RESEND_SECONDS = 60;
export const TWO_FACTOR_MAX_TRIES = 5;

/** A yes/no flag from a query string (`true`/`false`, `1`/`0`, `yes`/`no`) or a JSON boolean. */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
]);

/** One advertiser account with its two-factor setting (accounts without a saved setting: off, sms). */
export const twoFactorConfigDto = z.object({
  userId: z.string(),
  account: z.string().describe('the login name'),
  name: z.string(),
  customer: z.string().nullable(),
  customerName: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  channel: z.enum(TWO_FACTOR_CHANNELS),
  updatetime: z.number().nullable().describe('last change of the setting, unix seconds; null: never set'),
});
export type TwoFactorConfigDto = z.infer<typeof twoFactorConfigDto>;

export const twoFactorConfigQuery = z.object({
  userId: idSchema.optional().describe('the advertiser account; an advertiser may leave it out to read its own'),
});
export const twoFactorConfigResponse = okEnvelope(twoFactorConfigDto);

export const twoFactorPageQuery = pageQuery.extend({
  account: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
});
export const twoFactorPage = pageEnvelope(twoFactorConfigDto);

/** GET (query) or POST (JSON body) 2AFConfigUpsert. */
export const twoFactorUpsertInput = z.object({
  userId: idSchema,
  enabled: flag,
  channel: z.enum(TWO_FACTOR_CHANNELS).optional().describe('default: the saved channel, else sms'),
});
export type TwoFactorUpsertInput = z.input<typeof twoFactorUpsertInput>;

export const sendCodeQuery = z.object({ username: z.string().trim().min(1).max(64) });
/** The same answer whether or not the account exists or uses two-factor login. */
export const sendCodeResponse = okEnvelope(
  z.object({
    expiresIn: z.number().int().describe('seconds a sent code stays valid'),
    resendIn: z.number().int().describe('seconds before another code may be asked for'),
  }),
);
