import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  clientCredentialsInput,
  clientCredentialsToken,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { WEBHOOK_EVENT_PAYLOADS, webhookEnvelope } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import sdkPackage from '@robot-ads/sdk/package.json' with { type: 'json' };
import { z } from 'zod';
import { type OpenApiDoc, operationsOf, SECURITY_SCHEMES } from '../../platform/openapi/document';
import { exampleOf, type JsonSchema } from '../../platform/openapi/examples';
import { subsetDocument } from '../../platform/openapi/subset';

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

/**
 * The token endpoint as a partner calls it: the client-credentials grant only (the same endpoint also
 * refreshes users' sessions, which is no concern of a partner), without a token, with the error answers
 * of the full document's operation.
 */
function tokenOperation(op: OpenApiDoc['paths'][string][string]): OpenApiDoc['paths'][string][string] {
  const body = jsonSchema(clientCredentialsInput);
  const example = { grant_type: 'client_credentials', client_id: 'op0123456789abcdef0123', client_secret: 'cs_…' };
  const answer = jsonSchema(okEnvelope(clientCredentialsToken));
  const { parameters: _refreshParameters, ...rest } = op;
  return {
    ...rest,
    summary: 'Get a partner token: OAuth 2.0 client credentials',
    description:
      'Exchanges the client id and secret for an access token valid `expires_in` seconds (30 minutes); its `scope` ' +
      'lists the granted interfaces (`METHOD /path`, space-separated). The credentials may also come as HTTP Basic ' +
      '(`Authorization: Basic base64(client_id:client_secret)`) with `grant_type` alone in the body. Get a new ' +
      'token when one expires: there is no refresh token.',
    tags: [...(op.tags ?? []), 'open'],
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: body, example },
        'application/x-www-form-urlencoded': { schema: body, example },
      },
    },
    responses: {
      ...op.responses,
      '200': {
        description: 'The token',
        content: {
          'application/json': {
            schema: answer,
            example: {
              success: true,
              data: {
                access_token: 'eyJhbGciOiJIUzI1NiJ9.…',
                token_type: 'bearer',
                expires_in: 1800,
                scope: 'GET /api/Playlists/queryByPage_v3 GET /api/Devices/queryRobotInfo',
              },
            },
          },
        },
      },
    },
  };
}

/**
 * The partner document: the token endpoint, the open operations in `allowed` (keys `METHOD /path`) with the
 * OAuth2 security, the webhooks.
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
  const issue = doc.paths[TOKEN_PATH]?.post;
  if (issue) doc.paths[TOKEN_PATH] = { post: tokenOperation(issue) };
  const used = new Set(operationsOf(doc).flatMap(({ op }) => op.tags ?? []));
  doc.tags = [
    ...(full.tags ?? []).filter((t) => used.has(String(t.name))),
    { name: 'webhooks', description: "Events sent to the partner's endpoint." },
  ];
  return doc;
}
