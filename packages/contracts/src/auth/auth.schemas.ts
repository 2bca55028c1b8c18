import { z } from 'zod';
import { okEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { LANGUAGES } from '../common/language';
import { clientCredentialsToken } from '../open-platform/open-platform.schemas';
import { newPasswordSchema, oldPasswordSchema } from './password.rules';
import { PRINCIPALS, ROLES } from './roles';

/** Spec section 9: the token time, in seconds (access tokens live this long). */
export const TOKEN_TIME_SECONDS = 3000;
/** Refresh-token lifetime without and with "remember password". */
export const REFRESH_TTL_SECONDS = 12 * 3600;
export const REFRESH_REMEMBER_TTL_SECONDS = 30 * 24 * 3600;
/** Failures of one account before a verification code is required, and before it is locked. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** Name of the httpOnly cookie carrying the refresh token. */
export const REFRESH_COOKIE = 'refresh_token';

export const LOGIN_MODES = ['operator', 'advertiser', 'owner'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  verifyCode: z.string().trim().max(12).optional().default(''),
  /** "Remember password": a longer-lived refresh token (the browser never stores the password). */
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const yesNo = z.enum(['yes', 'no']);

/** Spec section 3: the user session info. */
export const sessionInfo = z.object({
  id: z.string(),
  user: z.string().describe('the login name'),
  name: z.string(),
  role: z.enum(ROLES),
  currentUser: z.string().describe('the display name of the current user'),
  principals: z.enum(PRINCIPALS),
  customer: z.string().nullable().describe("the advertiser's client (customer) id"),
  DIY: yesNo,
  autoAudit: yesNo,
  isSoldOut: z.boolean(),
  contact: z.object({ name: z.string(), phone: z.string() }),
  projectId: z.string().nullable(),
  phone: z.string(),
  avatar: z.string().describe('empty: the client shows its default logo'),
  sex: z.enum(['male', 'female', '']),
  email: z.string(),
  lang: z.enum(LANGUAGES).nullable(),
  parentId: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const tokenData = z.object({
  token: z.string(),
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds the access token stays valid (the token time). */
  expires_in: z.number().int(),
  /** Only when the refresh token was sent in the body (non-browser clients); browsers get the cookie. */
  refresh_token: z.string().optional(),
});
export type TokenData = z.infer<typeof tokenData>;

export const loginData = sessionInfo.extend(tokenData.shape);
export type LoginData = z.infer<typeof loginData>;
export const loginResponse = okEnvelope(loginData);

export const refreshBody = z
  .object({
    refresh_token: z.string().max(200).optional(),
    tenant: z.string().max(64).optional(),
    /** refresh_token (default) or client_credentials (partners of the open platform). */
    grant_type: z.string().max(32).optional(),
    client_id: z.string().max(64).optional(),
    client_secret: z.string().max(128).optional(),
    scope: z.string().max(2000).optional(),
  })
  .optional()
  .default({});
/** The refresh token may also come as a query parameter (the original client sent it that way). */
export const refreshQuery = z.object({
  refresh_token: z.string().max(200).optional(),
  tenant: z.string().max(64).optional(),
  grant_type: z.string().max(32).optional(),
});
export const refreshResponse = okEnvelope(tokenData);
/**
 * POST /api/blade-auth/oauth/token answers either grant: a refreshed session (in the envelope, as the web app
 * reads it) or a partner token (RFC 6749 section 5.1, top level).
 */
export const tokenGrantResponse = z.union([okEnvelope(tokenData), clientCredentialsToken]);

export const captchaQuery = z.object({ username: z.string().trim().min(1).max(64) });
export const captchaResponse = okEnvelope(
  z.object({ image: z.string().describe('data:image/svg+xml;base64 URL'), expiresIn: z.number().int() }),
);

export const resetBody = z.object({
  id: idSchema.optional().describe("the caller's own id (only one's own password can be changed)"),
  password: newPasswordSchema,
  oldpassword: oldPasswordSchema,
});
export const authenticationBody = z.object({ password: z.string().min(1).max(128) });
export const emptyOk = okEnvelope(z.null());
export const booleanOk = okEnvelope(z.boolean());
