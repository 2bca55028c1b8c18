import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { WebhookEvent } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { WebhookEventData } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import { AppError, notFound } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { OutboundRefusedError } from '../../platform/outbound/address-policy';
import type { SessionUser } from '../../platform/session-user';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { clientReportScope } from '../statistics/statistics.scope';
import { measuresOf, totals } from '../statistics/statistics.service';
import * as users from './open-platform.repository';
import type { Actor } from './open-platform.service';
import { PartnerOutbox } from './partner-outbox';
import * as repo from './partner-webhooks.repository';
import { deliveryHeaders, newSigningSecret } from './webhook-signature';

export const WEBHOOK_DELIVERY_JOB = 'open-platform.webhook-delivery';
export const HOURLY_SUMMARY_JOB = 'open-platform.hourly-summary';
/** The outbox relay's safety net (the relay also runs right after each commit that wrote an event). */
export const OUTBOX_RELAY_JOB = 'open-platform.outbox-relay';
/** Attempts of one delivery: the first and its retries (pg-boss backoff from RETRY_DELAY_SECONDS). */
export const MAX_ATTEMPTS = 6;
const RETRY_DELAY_SECONDS = 5;
const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * The longest span from a delivery's first attempt to its last (seconds): pg-boss waits
 * RETRY_DELAY_SECONDS × 2^n × (1 to 2, jitter) before retry n, and each attempt may take its timeout. A
 * receiver remembers processed ids longer than this (the SDK: 24 h), so a retry is always a known duplicate.
 */
export const RETRY_WINDOW_SECONDS =
  Array.from({ length: MAX_ATTEMPTS - 1 }, (_, n) => RETRY_DELAY_SECONDS * 2 ** n * 2).reduce((a, b) => a + b, 0) +
  (MAX_ATTEMPTS * DELIVERY_TIMEOUT_MS) / 1000;

const duplicate = (url: string) => new AppError('OPEN_WEBHOOK_DUPLICATE', { url }, 'url');

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Partner webhooks: endpoints (Standard Webhooks: one URL of an application, one secret, many event types;
 * the URL checked by the outbound policy), events written through the outbox, deliveries signed with the
 * endpoint's secret (and its retiring secrets during a rotation's overlap), retried with backoff through the
 * job queue, their log and a resend.
 */
export class PartnerWebhooks {
  readonly outbox: PartnerOutbox;

  constructor(
    private readonly ctx: PlatformContext,
    private readonly deps: {
      resolveAccount(accountId: string, lang: Language): Promise<SessionUser | null>;
      recordChange(actor: Actor, action: string, target: string): Promise<void>;
    },
  ) {
    this.outbox = new PartnerOutbox(ctx, { resolveAccount: deps.resolveAccount, queue: (id) => this.queue(id) });
  }

  private toWebhook(row: Awaited<ReturnType<typeof repo.insertWebhook>>, apiUserName: string) {
    const now = this.ctx.clock.now().getTime() / 1000;
    const overlap = row.retiringSecrets.filter((r) => r.until > now).map((r) => r.until);
    return {
      id: row.id,
      apiUserId: row.apiUserId,
      apiUserName,
      events: row.events as WebhookEvent[],
      url: row.url,
      enabled: row.enabled,
      previousSecretUntil: overlap.length > 0 ? Math.max(...overlap) : null,
      createTime: toUnixSeconds(row.createdAt) ?? 0,
    };
  }

  async page(q: { start: number; limit: number; apiUserId?: string }) {
    const { rows, total } = await repo.webhooksPage(this.ctx.db, q);
    return { total, datas: rows.map((r) => this.toWebhook(r.hook, r.apiUserName ?? '')) };
  }

  /**
   * An endpoint (Standard Webhooks): one URL of an application, one signing secret, the events it hears. The
   * answer holds the secret, shown this once. A second endpoint of the application at the same URL is refused
   * (OPEN_WEBHOOK_DUPLICATE: add the events to the existing one). An address inside (loopback, private,
   * metadata ...) is refused unless WEBHOOK_ALLOWED_NETWORKS opens it.
   */
  async create(input: { apiUserId: string; events: WebhookEvent[]; url: string; enabled: boolean }, actor: Actor) {
    await this.ctx.outbound.assertUserUrl(input.url, 'url');
    const signingSecret = newSigningSecret();
    const events = [...new Set(input.events)];
    const { row, name } = await this.ctx.db
      .transaction(async () => {
        const owner = await users.apiUserById(this.ctx.db, input.apiUserId);
        if (!owner) throw new AppError('NOT_FOUND', {}, 'apiUserId');
        if (await repo.webhookByUrl(this.ctx.db, input.apiUserId, input.url)) throw duplicate(input.url);
        const inserted = await repo.insertWebhook(this.ctx.db, {
          id: newId(),
          ...input,
          events,
          signingSecret,
          createdAt: this.ctx.clock.now(),
        });
        await this.deps.recordChange(actor, 'webhook.create', `${events.join(',')} ${input.url}`);
        return { row: inserted, name: owner.name };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw duplicate(input.url);
        throw err;
      });
    return { ...this.toWebhook(row, name), signingSecret };
  }

  /** Switches an endpoint on or off (a disabled one hears no event; its pending deliveries still go), sets its events. */
  async update(id: string, set: { enabled?: boolean | undefined; events?: WebhookEvent[] | undefined }, actor: Actor) {
    return this.ctx.db.transaction(async () => {
      const row = await repo.updateWebhook(this.ctx.db, id, {
        ...(set.enabled === undefined ? {} : { enabled: set.enabled }),
        ...(set.events === undefined ? {} : { events: [...new Set(set.events)] }),
      });
      if (!row) throw notFound();
      const target = `${row.events.join(',')} ${row.url}`;
      if (set.events !== undefined) await this.deps.recordChange(actor, 'webhook.events', target);
      if (set.enabled !== undefined) {
        await this.deps.recordChange(actor, set.enabled ? 'webhook.enable' : 'webhook.disable', target);
      }
      const owner = await users.apiUserById(this.ctx.db, row.apiUserId);
      return this.toWebhook(row, owner?.name ?? '');
    });
  }

  /**
   * A new signing secret, answered this once. The previous one keeps signing (a second `v1,` signature in
   * webhook-signature) for `overlapSeconds`, so the receiver can switch without losing a delivery; with 0,
   * only the new one signs from now on.
   */
  async rotateSecret(id: string, overlapSeconds: number, actor: Actor) {
    const signingSecret = newSigningSecret();
    return this.ctx.db.transaction(async () => {
      const found = await repo.webhookById(this.ctx.db, id);
      if (!found) throw notFound();
      const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
      // Secrets retiring already stop at the latest when this overlap ends (overlap 0: only the new one signs).
      const end = now + overlapSeconds;
      const retiring = found.retiringSecrets
        .map((r) => ({ secret: r.secret, until: Math.min(r.until, end) }))
        .filter((r) => r.until > now);
      if (overlapSeconds > 0) retiring.push({ secret: found.signingSecret, until: end });
      const row = await repo.updateWebhook(this.ctx.db, id, { signingSecret, retiringSecrets: retiring });
      if (!row) throw notFound();
      await this.deps.recordChange(actor, 'webhook.rotateSecret', row.url);
      const owner = await users.apiUserById(this.ctx.db, row.apiUserId);
      return { ...this.toWebhook(row, owner?.name ?? ''), signingSecret };
    });
  }

  async remove(id: string, actor: Actor) {
    await this.ctx.db.transaction(async () => {
      if (!(await repo.deleteWebhook(this.ctx.db, id))) throw notFound();
      await this.deps.recordChange(actor, 'webhook.remove', id);
    });
  }

  async deliveries(q: {
    start: number;
    limit: number;
    webhookId?: string;
    state?: 'pending' | 'delivered' | 'failed' | 'refused';
  }) {
    const { rows, total } = await repo.deliveriesPage(this.ctx.db, q);
    return { total, datas: rows.map((r) => this.toDelivery(r.delivery, r.url)) };
  }

  private toDelivery(d: NonNullable<Awaited<ReturnType<typeof repo.deliveryWithHook>>>['delivery'], url: string) {
    return {
      id: d.id,
      webhookId: d.webhookId,
      eventId: d.eventId,
      event: d.event,
      url,
      state: d.state,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      createTime: toUnixSeconds(d.createdAt) ?? 0,
      deliveredTime: toUnixSeconds(d.deliveredAt),
    };
  }

  /** Sends a delivery again (a fresh round of attempts, the same webhook-id). */
  async resend(id: string, actor: Actor) {
    await this.ctx.db.transaction(async () => {
      const found = await repo.deliveryWithHook(this.ctx.db, id);
      if (!found) throw notFound();
      await repo.updateDelivery(this.ctx.db, id, { state: 'pending', attempts: 0, lastError: '' });
      await this.deps.recordChange(actor, 'webhook.resend', `${found.delivery.event} ${found.hook.url}`);
    });
    await this.queue(id);
    const found = await repo.deliveryWithHook(this.ctx.db, id);
    if (!found) throw notFound();
    return this.toDelivery(found.delivery, found.hook.url);
  }

  private async queue(deliveryId: string) {
    if (!this.ctx.jobs.started) return;
    await this.ctx.jobs.send(
      WEBHOOK_DELIVERY_JOB,
      { deliveryId },
      { retryLimit: MAX_ATTEMPTS - 1, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true },
    );
  }

  /**
   * An event for the subscribers whose owning account is concerned (`accountIds`; a superuser-owned
   * application hears every event). Call it inside the transaction of the change that causes it: the
   * event is written to the outbox with that change, and delivered after the commit. Returns its id.
   */
  emit<E extends WebhookEvent>(event: E, data: WebhookEventData<E>, accountIds?: readonly string[]): Promise<string> {
    return this.outbox.emit(event, data, accountIds);
  }

  /** The job: one attempt; a failure throws so that the queue retries it with backoff. */
  async deliver(deliveryId: string): Promise<void> {
    const found = await repo.deliveryWithHook(this.ctx.db, deliveryId);
    if (!found || found.delivery.state === 'delivered') return;
    const { delivery, hook } = found;
    const body = JSON.stringify({
      id: delivery.eventId,
      event: delivery.event,
      time: toUnixSeconds(delivery.createdAt),
      data: delivery.payload,
    });
    const now = this.ctx.clock.now();
    const headers = deliveryHeaders(hook.signingSecret, {
      alsoSign: hook.retiringSecrets.filter((r) => r.until * 1000 > now.getTime()).map((r) => r.secret),
      eventId: delivery.eventId,
      deliveryId: delivery.id,
      event: delivery.event,
      body,
      now,
    });
    let status: number | null = null;
    let error = '';
    try {
      const answer = await this.ctx.outbound.post(hook.url, { headers, body, timeoutMs: DELIVERY_TIMEOUT_MS });
      status = answer.status;
      // Redirects are not followed: a 3xx is the answer (a failure, retried like any non-2xx).
      if (status < 200 || status > 299) error = `HTTP ${status}${answer.location ? ' (redirect not followed)' : ''}`;
    } catch (err) {
      if (err instanceof OutboundRefusedError) {
        // An inside address (now): refused, not retried, no connection made.
        this.ctx.log.warn({ deliveryId, webhookId: hook.id, reason: err.message }, 'webhook delivery refused');
        await repo.updateDelivery(this.ctx.db, deliveryId, {
          state: 'refused',
          attempts: delivery.attempts + 1,
          lastStatus: null,
          lastError: err.message,
        });
        return;
      }
      error = (err as Error).message.slice(0, 500);
    }
    const attempts = delivery.attempts + 1;
    if (!error) {
      await repo.updateDelivery(this.ctx.db, deliveryId, {
        state: 'delivered',
        attempts,
        lastStatus: status,
        lastError: '',
        deliveredAt: this.ctx.clock.now(),
      });
      return;
    }
    const state = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    await repo.updateDelivery(this.ctx.db, deliveryId, { state, attempts, lastStatus: status, lastError: error });
    if (state === 'pending') throw new Error(`webhook delivery ${deliveryId}: ${error}`);
  }

  /**
   * Proof of play, hourly: the last full hour's plays, exposure, viewers and scans in the scope of each
   * subscriber's owning account.
   */
  async hourlySummary(appCtx: PlaylistsContext, now = this.ctx.clock.now()) {
    const end = Math.floor(now.getTime() / 3_600_000) * 3600;
    const begin = end - 3600;
    for (const { hook, accountId } of await repo.subscribers(this.ctx.db, 'proofOfPlay.hourly')) {
      const owner = await this.deps.resolveAccount(accountId, 'en');
      if (!owner) continue;
      const scope = await clientReportScope(appCtx, owner, {});
      const { sum } = await totals(appCtx, scope, { begin, end });
      const payload: WebhookEventData<'proofOfPlay.hourly'> = { begin, end, ...measuresOf(sum) };
      const id = newId();
      await repo.insertDeliveries(this.ctx.db, [
        {
          id,
          webhookId: hook.id,
          eventId: newId(),
          event: 'proofOfPlay.hourly',
          payload,
          createdAt: this.ctx.clock.now(),
        },
      ]);
      await this.queue(id);
    }
  }
}
