export type { components as DeviceComponents, paths as DevicePaths } from './generated/device.js';
export type { components, operations, paths, webhooks } from './generated/partner.js';
export {
  createPartnerClient,
  PartnerApiError,
  type PartnerClient,
  type PartnerClientOptions,
  type PartnerToken,
} from './partner-client.js';
export {
  type AnyWebhookPayload,
  createWebhookVerifier,
  DEFAULT_PROCESSED_MEMORY_SECONDS,
  MemoryProcessedIdStore,
  type ProcessedIdStore,
  signWebhook,
  type WebhookEventName,
  type WebhookFailure,
  type WebhookHandled,
  type WebhookPayload,
  WebhookVerificationError,
  type WebhookVerifier,
  type WebhookVerifierOptions,
  webhookKey,
} from './webhooks.js';
