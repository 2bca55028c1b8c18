import { WEBHOOK_EVENT_PAYLOADS, webhookEnvelope } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import { z } from 'zod';
import { type OpenApiDoc, SECURITY_SCHEMES } from '../../platform/openapi/document';
import { exampleOf, type JsonSchema } from '../../platform/openapi/examples';
import { subsetDocument } from '../../platform/openapi/subset';

/**
 * The partner API's version (docs/open-platform.md, "Versions and deprecation"): the minor goes up when
 * an operation, field or event is added, the major when one is removed or changed (only after the
 * deprecation period). packages/sdk/openapi/partner.json is its committed snapshot.
 */
export const PARTNER_API_VERSION = '1.1.0';

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

/** The partner document: the open operations in `allowed` (keys `METHOD /path`), OAuth2 security, the webhooks. */
export function partnerDocument(full: OpenApiDoc, allowed: ReadonlySet<string>): OpenApiDoc {
  const doc = subsetDocument(full, {
    info: INFO,
    keep: (key) => allowed.has(key),
    security: [{ partnerOAuth: [] }],
    securitySchemes: { partnerOAuth: SECURITY_SCHEMES.partnerOAuth },
    webhooks: webhookDefinitions(),
  });
  doc.tags = [...(doc.tags ?? []), { name: 'webhooks', description: "Events sent to the partner's endpoint." }];
  return doc;
}
