import type { WebhookEvent } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { WebhookEventData } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import type { DevicesContext } from '../devices/devices.context';
import type { PlaylistsContext } from '../playlists/playlists.context';

/**
 * The partner events publishing, reviews, shooting and sales' orders send (webhooks to the subscribed
 * partners). The open platform sits above them, so publishing declares the shape and buildApp passes
 * open-platform's `PartnerWebhooks` (open-platform/partner-webhooks.ts, through its outbox, partner-outbox.ts).
 */
export interface PartnerEventSink {
  /**
   * Call it inside the transaction of the change: the event is kept with it and delivered after the commit.
   * `data` is typed by the event's payload schema (`WEBHOOK_EVENT_PAYLOADS`); `accountIds`: the owning
   * accounts concerned (superuser-owned applications hear every event).
   */
  emit<E extends WebhookEvent>(event: E, data: WebhookEventData<E>, accountIds?: readonly string[]): Promise<string>;
}

/**
 * What the publishing functions are given: the contexts of playlists and devices (publishing puts plans
 * on robots through their functions) plus the partner events. The modules above publishing that call
 * its functions (schedules, play-events, reviews, shooting) are given this context too. buildApp
 * (app.ts) builds it.
 */
export interface PublishingContext extends PlaylistsContext, DevicesContext {
  partnerEvents: PartnerEventSink;
}
