import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { withoutDefaults } from '../common/update-body';
import { WEBHOOK_EVENTS, type WebhookEventName } from './webhook-events.schemas';

/**
 * The open platform (spec sections 2 and 6, root only): partner applications (API users) with client
 * credentials, their sessions, the interfaces open to them, the blacklist, webhooks and the audit log.
 * Paths are ours (the spec does not show them), under /api/OpenPlatform/; docs/open-platform.md.
 */

/** An IPv4 or IPv6 address, or a CIDR range of either. */
export const CIDR_PATTERN =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?:\/(?:3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(?:\/(?:12[0-8]|1[01]\d|\d?\d))?)$/;
export const cidrSchema = z.string().trim().max(64).regex(CIDR_PATTERN, 'OPEN_CIDR_INVALID');

/** An interface key: the HTTP method and the OpenAPI path, e.g. `GET /api/Playlists/queryByPage_v3`. */
export const interfaceKeySchema = z
  .string()
  .max(200)
  .regex(/^(GET|POST|PUT|DELETE|PATCH) \/api\/\S+$/, 'invalid interface');

const unixSeconds = z.number().int().min(0).max(4102444800);

/** What root edits of an API user (every field of the form). */
export const apiUserInput = z.object({
  name: z.string().trim().min(1).max(64),
  accountId: idSchema.describe('the owning account: partner calls act with its role and data scope'),
  contact: z.string().trim().max(128).default(''),
  interfaces: z.array(interfaceKeySchema).max(200).default([]).describe('allowed interface keys'),
  ipRanges: z.array(cidrSchema).max(100).default([]).describe('allowed IP ranges (CIDR); empty = any address'),
  rateLimit: z.number().int().min(1).max(100000).default(60).describe('calls per minute'),
  dailyQuota: z.number().int().min(1).max(100000000).default(10000).describe('calls per UTC day'),
  validFrom: unixSeconds.nullable().default(null),
  validUntil: unixSeconds.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type ApiUserInput = z.infer<typeof apiUserInput>;
/** PUT: name and account as the form sends them; every other field is kept when not sent (docs/conventions.md "PUT"). */
export const apiUserUpdateInput = withoutDefaults(apiUserInput);
export type ApiUserUpdateInput = z.infer<typeof apiUserUpdateInput>;

export const apiUser = z.object({
  id: idSchema,
  name: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  contact: z.string(),
  clientId: z.string(),
  interfaces: z.array(z.string()),
  ipRanges: z.array(z.string()),
  rateLimit: z.number().int(),
  dailyQuota: z.number().int(),
  validFrom: z.number().int().nullable(),
  validUntil: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Until when the previous secret still works after a rotation (null: no previous secret). */
  previousSecretUntil: z.number().int().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ApiUser = z.infer<typeof apiUser>;

export const apiUserPageQuery = pageQuery.extend({ name: z.string().trim().max(64).optional() });
export const apiUserPage = pageEnvelope(apiUser);
export const apiUserResponse = okEnvelope(apiUser);
/** Creation and rotation: the secret in clear, shown this once (only its argon2 hash is kept). */
export const apiUserWithSecret = apiUser.extend({ clientSecret: z.string() });
export const apiUserSecretResponse = okEnvelope(apiUserWithSecret);
export const rotateSecretBody = z.object({
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86400)
    .default(86400)
    .describe('how long the old secret stays valid'),
});

// ---- tokens (POST /api/blade-auth/oauth/token, grant_type=client_credentials)
export const clientCredentialsInput = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(64).optional().describe('absent when the credentials come as HTTP Basic'),
  client_secret: z.string().min(1).max(128).optional().describe('absent when the credentials come as HTTP Basic'),
  scope: z
    .string()
    .max(2000)
    .optional()
    .describe('space-separated scope names (operationIds), fewer than granted; absent: every granted scope'),
});
/** RFC 6749 section 5.1: the token answer, top level (not in the envelope), with Cache-Control: no-store. */
export const clientCredentialsToken = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** The scopes the token may use: operationIds of the interfaces, space-separated (OAuth scope). */
  scope: z.string(),
});
/** RFC 6749 section 5.2: a refused token request (also `code`, the error catalogue's code). */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'temporarily_unavailable',
  'server_error',
] as const;
export const oauthErrorAnswer = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string().describe("in the caller's language (Accept-Language zh|en)"),
  code: z.string().describe('the error catalogue code'),
});
export type OAuthErrorAnswer = z.infer<typeof oauthErrorAnswer>;
/** The catalogue codes of a token request as RFC 6749 section 5.2 errors, with their HTTP statuses. */
export const OAUTH_ERROR_OF: Record<string, readonly [OAuthErrorAnswer['error'], number]> = {
  OPEN_CLIENT_INVALID: ['invalid_client', 401],
  OPEN_CLIENT_EXPIRED: ['invalid_client', 401],
  OPEN_TOKEN_REQUEST_INVALID: ['invalid_request', 400],
  OPEN_GRANT_UNSUPPORTED: ['unsupported_grant_type', 400],
  OPEN_SCOPE_INVALID: ['invalid_scope', 400],
  OPEN_BLACKLISTED: ['unauthorized_client', 400],
  OPEN_IP_NOT_ALLOWED: ['unauthorized_client', 400],
  RATE_LIMITED: ['temporarily_unavailable', 429],
  REQUEST_TIMEOUT: ['temporarily_unavailable', 503],
  INTERNAL: ['server_error', 500],
};
export type ClientCredentialsToken = z.infer<typeof clientCredentialsToken>;
/** Partner tokens are short-lived: half an hour. */
export const PARTNER_TOKEN_SECONDS = 1800;

// ---- sessions
export const partnerSession = z.object({
  id: idSchema,
  apiUserId: z.string(),
  apiUserName: z.string(),
  clientId: z.string(),
  ip: z.string(),
  issuedTime: z.number().int(),
  expiresTime: z.number().int(),
  lastUsedTime: z.number().int().nullable(),
  calls: z.number().int(),
  revoked: z.boolean(),
});
export const sessionPageQuery = pageQuery.extend({
  apiUserId: idSchema.optional(),
  /** live (default): not revoked and not expired; all: every session. */
  state: z.enum(['live', 'all']).default('live'),
});
export const sessionPage = pageEnvelope(partnerSession);

// ---- interfaces
export const openInterface = z.object({
  key: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  enabled: z.boolean(),
});
export type OpenInterface = z.infer<typeof openInterface>;
export const interfaceListResponse = okEnvelope(z.array(openInterface));
export const interfaceToggleBody = z.object({ key: interfaceKeySchema, enabled: z.boolean() });
export const interfaceToggleResponse = okEnvelope(openInterface);

// ---- blacklist
export const BLACKLIST_KINDS = ['ip', 'client', 'account'] as const;
export const blacklistInput = z
  .object({
    kind: z.enum(BLACKLIST_KINDS),
    /** ip: an address or CIDR range; client: a client id; account: an account id. */
    value: z.string().trim().min(1).max(64),
    reason: z.string().trim().max(200).default(''),
    expiresTime: unixSeconds.nullable().default(null),
  })
  .superRefine((v, check) => {
    if (v.kind === 'ip' && !CIDR_PATTERN.test(v.value)) {
      check.addIssue({ code: 'custom', path: ['value'], message: 'OPEN_CIDR_INVALID' });
    }
  });
export const blacklistEntry = z.object({
  id: idSchema,
  kind: z.enum(BLACKLIST_KINDS),
  value: z.string(),
  reason: z.string(),
  expiresTime: z.number().int().nullable(),
  createTime: z.number().int(),
  createdBy: z.string(),
});
export const blacklistPageQuery = pageQuery.extend({ kind: z.enum(BLACKLIST_KINDS).optional() });
export const blacklistPage = pageEnvelope(blacklistEntry);
export const blacklistResponse = okEnvelope(blacklistEntry);

// ---- webhooks (Standard Webhooks endpoints: one URL, one signing secret, many event types)
export { WEBHOOK_EVENTS };
export type WebhookEvent = WebhookEventName;
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .describe('the event types sent to the endpoint');
export const webhookInput = z.object({
  apiUserId: idSchema,
  events: webhookEvents,
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, 'OPEN_WEBHOOK_URL_INVALID')
    .describe("the endpoint's URL: one endpoint per application and URL"),
  enabled: z.boolean().default(true),
});
export const webhook = z.object({
  id: idSchema,
  apiUserId: z.string(),
  apiUserName: z.string().describe("the application's name"),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  url: z.string(),
  enabled: z.boolean(),
  /** Until when deliveries are also signed with the secret before the last rotation (null: no overlap). */
  previousSecretUntil: z.number().int().nullable(),
  createTime: z.number().int(),
});
export const webhookPageQuery = pageQuery.extend({ apiUserId: idSchema.optional() });
export const webhookPage = pageEnvelope(webhook);
/** Switches an endpoint on or off and/or sets its event types (its URL and secret stay). */
export const webhookUpdateBody = z.object({ enabled: z.boolean().optional(), events: webhookEvents.optional() });
export const webhookResponse = okEnvelope(webhook);
/** A new signing secret; the previous one still signs (a second `v1,` signature) during the overlap. */
export const webhookRotateBody = z.object({
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86400)
    .default(86400)
    .describe('how long deliveries are also signed with the previous secret'),
});
/**
 * Creation and rotation answer the signing secret once: `whsec_<base64 key>` (Standard Webhooks; each delivery
 * carries webhook-id, webhook-timestamp and webhook-signature `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`).
 */
export const webhookCreatedResponse = okEnvelope(
  webhook.extend({ signingSecret: z.string().describe('whsec_<base64 of the HMAC key>, shown this once') }),
);
/** refused: the address was an inside one at sending time (no retry; lastError says why). */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'refused'] as const;
export const webhookDelivery = z.object({
  id: idSchema,
  webhookId: z.string(),
  eventId: z.string().describe('the event (webhook-id header and body id): the same on every attempt and resend'),
  event: z.string(),
  url: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string(),
  createTime: z.number().int(),
  deliveredTime: z.number().int().nullable(),
});
export const deliveryPageQuery = pageQuery.extend({
  webhookId: idSchema.optional(),
  state: z.enum(DELIVERY_STATES).optional(),
});
export const deliveryPage = pageEnvelope(webhookDelivery);
export const deliveryResponse = okEnvelope(webhookDelivery);

// ---- audit log
export const auditEntry = z.object({
  id: idSchema,
  time: z.number().int(),
  /** user: a change on the open platform pages; partner: a partner call. */
  actorKind: z.enum(['user', 'partner']),
  actor: z.string().describe('username, or the client id of a partner'),
  action: z.string().describe('e.g. apiUser.create, or the interface key of a partner call'),
  target: z.string(),
  ip: z.string(),
  status: z.number().int().describe('HTTP status of a partner call; 200 for changes'),
});
export const auditPageQuery = pageQuery.extend({
  actorKind: z.enum(['user', 'partner']).optional(),
  actor: z.string().trim().max(64).optional(),
});
export const auditPage = pageEnvelope(auditEntry);
