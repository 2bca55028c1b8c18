export type { components as DeviceComponents, paths as DevicePaths } from './generated/device';
export type { components, operations, paths, webhooks } from './generated/partner';
export {
  createPartnerClient,
  PartnerApiError,
  type PartnerClient,
  type PartnerClientOptions,
  type PartnerToken,
} from './partner-client';
export {
  type AnyWebhookPayload,
  createWebhookVerifier,
  MemorySeenIdStore,
  type SeenIdStore,
  signWebhook,
  type WebhookEventName,
  type WebhookFailure,
  type WebhookPayload,
  WebhookVerificationError,
  type WebhookVerifierOptions,
  webhookKey,
} from './webhooks';
