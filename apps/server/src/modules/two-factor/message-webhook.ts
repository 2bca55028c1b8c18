import type { TwoFactorChannel } from '@robot-ads/contracts/auth/two-factor.schemas';

/** A message for a person, as the deployment's SMS/e-mail gateway receives it. */
export interface OutgoingMessage {
  channel: TwoFactorChannel;
  /** A phone number (sms) or an e-mail address (email). */
  to: string;
  text: string;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * Delivers messages by POSTing `{ channel, to, text }` JSON to MESSAGE_WEBHOOK_URL. A gateway that
 * does not answer 2xx within 10 s counts as a failed delivery.
 */
export class MessageWebhook {
  constructor(private readonly url: string | undefined) {}

  /** Whether a channel is configured at all (without one, two-factor login cannot be turned on). */
  get configured(): boolean {
    return Boolean(this.url);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (!this.url) throw new Error('MESSAGE_WEBHOOK_URL is not set');
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // Read the body so the connection is released.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`message webhook answered ${response.status}`);
  }
}
