import fs from 'node:fs';
import path from 'node:path';
import type { WebhookEventData } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import { z } from 'zod';
import type { TestApp } from './build-app';

/** The partner document partners hold (the committed snapshot; the contract test keeps it the served one). */
const partnerDocument = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../packages/sdk/openapi/partner.json'), 'utf8'),
) as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }> };

/**
 * What is wrong with a delivery's body against the payload schema the partner document gives its event
 * (read by zod from the document's JSON Schema); none when it conforms.
 */
export function payloadIssues(body: string): string[] {
  const json = JSON.parse(body) as { event?: string };
  const schema = partnerDocument.webhooks[String(json.event)]?.post.requestBody.content['application/json']?.schema;
  if (!schema) return [`the partner document has no event ${json.event}`];
  const result = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema).safeParse(json);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** The data of an audit.result event (the documented payload), with what a test cares about. */
export function auditResultData(
  over: Partial<WebhookEventData<'audit.result'>> = {},
): WebhookEventData<'audit.result'> {
  return {
    playlistId: 'p1',
    name: 'Winter coffee',
    auditId: 'a1',
    type: 'apply',
    state: 'post',
    decision: 'post',
    note: '',
    ...over,
  };
}

/** The data of a plan.pulledRatio event, with what a test cares about. */
export function pulledRatioData(
  over: Partial<WebhookEventData<'plan.pulledRatio'>> = {},
): WebhookEventData<'plan.pulledRatio'> {
  return { playlistId: 'p1', name: 'Winter coffee', ratio: 0.5, planPullNumber: 2, alreadyPullNumber: 1, ...over };
}

/** The latest 50 rows of the webhook delivery log as `headers` see it. */
export async function webhookDeliveryLog(t: TestApp, headers: Record<string, string>) {
  const log = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/webhookDeliveries?limit=50', headers });
  return log.json().datas as Array<{ eventId: string; event: string }>;
}
