import type { PartnerWebhooks } from './partner-webhooks';

declare module '../../platform/context' {
  interface AppContext {
    /** emit(event, data, accountIds): webhooks to the partners subscribed (call it after the transaction). */
    partnerEvents: Pick<PartnerWebhooks, 'emit'>;
  }
}
