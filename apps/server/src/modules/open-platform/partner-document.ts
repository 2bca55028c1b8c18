import { type ErrorCode, errorCatalogue, formatMessage } from '@robot-ads/contracts/common/errors';
import {
  clientCredentialsInput,
  clientCredentialsToken,
  OAUTH_ERROR_OF,
  type OAuthErrorAnswer,
  oauthErrorAnswer,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { WEBHOOK_EVENT_PAYLOADS, webhookEnvelope } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import sdkPackage from '@robot-ads/sdk/package.json' with { type: 'json' };
import { z } from 'zod';
import { type OpenApiDoc, operationsOf, SECURITY_SCHEMES } from '../../platform/openapi/document';
import { exampleOf, type JsonSchema } from '../../platform/openapi/examples';
import { subsetDocument } from '../../platform/openapi/subset';
import { PARTNER_DOCS_KEY } from './open-platform.model';
import { scopeOf } from './partner-scopes';

/**
 * The partner API's version (docs/open-platform.md, "Versions and deprecation"): the minor goes up when
 * an operation, field or event is added, the major when one is removed or changed (only after the
 * deprecation period). packages/sdk/openapi/partner.json is its committed snapshot. Kept in one place, the
 * SDK's package version (packages/sdk/package.json): the SDK a partner installs is the API it speaks.
 */
export const PARTNER_API_VERSION: string = sdkPackage.version;

const INFO = {
  title: 'robot-ads partner API',
  version: PARTNER_API_VERSION,
  description:
    'The calls a partner application may make with its client credentials (OAuth 2.0 client credentials: ' +
    '`POST /api/blade-auth/oauth/token`), and the webhook events it may subscribe to. Success: ' +
    '`{success:true,data}`, pages `{success:true,total,datas}`; failure `{success:false,data:null,code,msg}`. ' +
    'Quickstart, limits, error codes and the deprecation rule: docs/open-platform.md.',
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  contact: { name: 'The operator of this robot-ads installation' },
};

const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id (the same on every retry and resend): process each id once.',
    schema: { type: 'string' },
    example: '5f9c0a7e2b1d4c3a8e6f0b12',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt: refuse one more than 5 minutes from your clock.',
    schema: { type: 'string' },
    example: '1764316800',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, ' +
      "keyed with the subscription's signing secret (`whsec_<base64>`: the base64-decoded rest).",
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

/** The events as OpenAPI 3.1 webhooks: what the partner's endpoint receives, with its payload schema. */
export function webhookDefinitions(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [event, { data, summary }] of Object.entries(WEBHOOK_EVENT_PAYLOADS)) {
    const schema = z.toJSONSchema(webhookEnvelope(event, data), { target: 'draft-2020-12' }) as JsonSchema &
      Record<string, unknown>;
    delete schema.$schema;
    out[event] = {
      post: {
        operationId: `${event.replace(/\.(\w)/, (_, c: string) => c.toUpperCase())}Webhook`,
        summary,
        tags: ['webhooks'],
        security: [],
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema, example: exampleOf(schema, () => undefined) } },
        },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery.' },
          '500': { description: 'Anything else (or no answer in 10 s) is retried with backoff, 6 attempts in all.' },
        },
      },
    };
  }
  return out;
}

/** The token endpoint (the `partnerOAuth` scheme's token URL): in every partner document. */
export const TOKEN_PATH = '/api/blade-auth/oauth/token';

const jsonSchema = (schema: z.ZodType) => {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as JsonSchema & Record<string, unknown>;
  delete out.$schema;
  return out;
};

/** Examples of the token endpoint's refusals per status, one per catalogue code (in English). */
function oauthErrorExamples(status: string): Record<string, { value: OAuthErrorAnswer }> {
  const out: Record<string, { value: OAuthErrorAnswer }> = {};
  for (const [code, [error, answered]] of Object.entries(OAUTH_ERROR_OF)) {
    if (String(answered) !== status) continue;
    out[code] = {
      value: { error, error_description: formatMessage(errorCatalogue[code as ErrorCode].en, EXAMPLE_PARAMS), code },
    };
  }
  return out;
}

const EXAMPLE_PARAMS = {
  grant: 'password',
  scope: 'listRobots',
  reason: 'grant_type is missing',
  reason_: '',
  ip: '203.0.113.10',
};

const OAUTH_ERROR_TEXT: Record<string, string> = {
  '400':
    'RFC 6749 section 5.2: `invalid_request` (a malformed request, or HTTP Basic and `client_secret` both sent), ' +
    '`unsupported_grant_type` (any grant but `client_credentials`), `invalid_scope` (a scope not granted), ' +
    '`unauthorized_client` (blacklisted, or an address outside the allowed ranges).',
  '401':
    '`invalid_client`: unknown client, wrong secret, or an application disabled or outside its validity. When the ' +
    'credentials came as HTTP Basic the answer carries `WWW-Authenticate: Basic realm="robot-ads partner API"`.',
  '429': '`temporarily_unavailable`: too many token requests from this address; retry after `Retry-After` seconds.',
  '500': '`server_error`.',
  '503': '`temporarily_unavailable`: the answer took too long; retry later.',
};

const NO_STORE = {
  'Cache-Control': { description: '`no-store` (RFC 6749 section 5.1)', schema: { type: 'string' } },
  Pragma: { description: '`no-cache`', schema: { type: 'string' } },
};

/**
 * The token endpoint as a partner calls it: the client-credentials grant only (the same endpoint also
 * refreshes users' sessions, which is no concern of a partner), without a token; the answers as RFC 6749
 * sections 5.1 and 5.2 (top level, not in the envelope).
 */
function tokenOperation(
  op: OpenApiDoc['paths'][string][string],
  scopes: string[],
): OpenApiDoc['paths'][string][string] {
  const body = jsonSchema(clientCredentialsInput);
  const example = {
    grant_type: 'client_credentials',
    client_id: 'op0123456789abcdef0123',
    client_secret: 'cs_…',
    ...(scopes[0] ? { scope: scopes[0] } : {}),
  };
  const answer = jsonSchema(clientCredentialsToken);
  const refusal = jsonSchema(oauthErrorAnswer);
  const { parameters: _refreshParameters, responses: _envelopeResponses, ...rest } = op;
  const refusals = Object.fromEntries(
    Object.entries(OAUTH_ERROR_TEXT).map(([status, description]) => [
      status,
      {
        description,
        headers: NO_STORE,
        content: { 'application/json': { schema: refusal, examples: oauthErrorExamples(status) } },
      },
    ]),
  );
  return {
    ...rest,
    summary: 'Get a partner token: OAuth 2.0 client credentials (RFC 6749 section 4.4)',
    description:
      'Exchanges the client id and secret for an access token valid `expires_in` seconds (30 minutes). `scope` (asked ' +
      'for and answered) is space-separated scope names, one per granted operation (its operationId, listed in the ' +
      '`partnerOAuth` security scheme); ask for fewer to get a token limited to those, none to get every granted one. ' +
      'The credentials may come as HTTP Basic (`Authorization: Basic base64(client_id:client_secret)`, ' +
      '`client_secret_basic`) with `grant_type` alone in the body, or in the body (`client_secret_post`). The answer ' +
      'and the refusals are at the top level (RFC 6749 sections 5.1 and 5.2), not in the envelope. Get a new token ' +
      'when one expires (there is no refresh token), and after a secret rotation: a token ends with the secret it ' +
      'was issued with (when the overlap ends).',
    tags: [...(op.tags ?? []), 'open'],
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: body, example },
        'application/json': { schema: body, example },
      },
    },
    responses: {
      '200': {
        description: 'The token (RFC 6749 section 5.1)',
        headers: NO_STORE,
        content: {
          'application/json': {
            schema: answer,
            example: {
              access_token: 'eyJhbGciOiJIUzI1NiJ9.…',
              token_type: 'bearer',
              expires_in: 1800,
              scope: scopes.join(' ') || 'listPlans listRobots',
            },
          },
        },
      },
      ...refusals,
    },
  };
}

/**
 * The partner document: the token endpoint, the open operations in `allowed` (keys `METHOD /path`) with the
 * OAuth2 security (each operation requires its own scope, named by its operationId), the webhooks.
 */
export function partnerDocument(full: OpenApiDoc, allowed: ReadonlySet<string>): OpenApiDoc {
  const token = `POST ${TOKEN_PATH}`;
  const doc = subsetDocument(full, {
    info: INFO,
    keep: (key) => allowed.has(key) || key === token,
    security: [{ partnerOAuth: [] }],
    securitySchemes: { partnerOAuth: SECURITY_SCHEMES.partnerOAuth },
    webhooks: webhookDefinitions(),
  });
  const scopes: Record<string, string> = {};
  for (const { path, method, op } of operationsOf(doc)) {
    const key = `${method.toUpperCase()} ${path}`;
    if (key === token || key === PARTNER_DOCS_KEY) continue;
    const scope = scopeOf(key);
    scopes[scope] = `${key}: ${op.summary ?? ''}`.trim();
    op.security = [{ partnerOAuth: [scope] }];
  }
  const scheme = SECURITY_SCHEMES.partnerOAuth;
  doc.components = {
    ...doc.components,
    securitySchemes: {
      partnerOAuth: {
        ...scheme,
        flows: { clientCredentials: { ...scheme.flows.clientCredentials, scopes } },
      },
    },
  };
  const issue = doc.paths[TOKEN_PATH]?.post;
  if (issue) doc.paths[TOKEN_PATH] = { post: tokenOperation(issue, Object.keys(scopes)) };
  const used = new Set(operationsOf(doc).flatMap(({ op }) => op.tags ?? []));
  doc.tags = [
    ...(full.tags ?? []).filter((t) => used.has(String(t.name))),
    { name: 'webhooks', description: "Events sent to the partner's endpoint." },
  ];
  return doc;
}
