import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { WebhookEvent } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { WebhookEventData } from '@robot-ads/contracts/open-platform/webhook-events.schemas';
import { afterCommit } from '../../db/transaction-scope';
import type { PlatformContext } from '../../platform/context';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import * as repo from './partner-webhooks.repository';

/** Events fanned out per relay transaction. */
const RELAY_BATCH = 50;

/**
 * The transactional outbox of partner events. `emit` writes the event with the change that causes it
 * (in the caller's transaction: a rollback leaves no event, a commit always keeps it); the relay then
 * fans each event out to the subscriptions concerned and hands the deliveries to the job queue. The
 * relay runs right after the commit on this instance, and every minute as a job (events of a crashed
 * instance, or written while the queue was down).
 */
export class PartnerOutbox {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly ctx: PlatformContext,
    private readonly deps: {
      resolveAccount(accountId: string, lang: Language): Promise<SessionUser | null>;
      queue(deliveryId: string): Promise<void>;
    },
  ) {}

  /**
   * Records an event for the subscribers whose owning account is concerned (`accountIds`; absent: every
   * subscriber; a superuser-owned application hears every event). Call it inside the transaction of the
   * change. Returns the event's id (its webhook-id).
   */
  async emit<E extends WebhookEvent>(
    event: E,
    data: WebhookEventData<E>,
    accountIds?: readonly string[],
  ): Promise<string> {
    const id = newId();
    await repo.insertPartnerEvent(this.ctx.db, {
      id,
      event,
      data,
      accountIds: accountIds ? [...accountIds] : null,
      createdAt: this.ctx.clock.now(),
    });
    afterCommit(() => this.nudge());
    return id;
  }

  /** Runs the relay soon (once more if it is running now). */
  nudge(): void {
    if (!this.ctx.jobs.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.relay().catch((err) => this.ctx.log.warn({ err }, 'partner event relay failed'));
      } while (this.again && this.ctx.jobs.started);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Fans out every pending event; returns how many events it dispatched. */
  async relay(): Promise<number> {
    let dispatched = 0;
    for (;;) {
      const batch = await this.ctx.db.transaction(async () => {
        const events = await repo.lockPendingEvents(this.ctx.db, RELAY_BATCH);
        const deliveryIds: string[] = [];
        for (const e of events) {
          deliveryIds.push(...(await this.fanOut(e)));
          await repo.markEventDispatched(this.ctx.db, e.id, this.ctx.clock.now());
        }
        return { count: events.length, deliveryIds };
      });
      for (const id of batch.deliveryIds) await this.deps.queue(id);
      dispatched += batch.count;
      if (batch.count < RELAY_BATCH) return dispatched;
    }
  }

  private async fanOut(e: Awaited<ReturnType<typeof repo.lockPendingEvents>>[number]): Promise<string[]> {
    const rows = [];
    for (const { hook, accountId } of await repo.subscribers(this.ctx.db, e.event)) {
      if (e.accountIds && !e.accountIds.includes(accountId)) {
        const owner = await this.deps.resolveAccount(accountId, 'en');
        if (!owner || !isSuperuser(owner)) continue;
      }
      rows.push({
        id: newId(),
        webhookId: hook.id,
        eventId: e.id,
        event: e.event,
        payload: e.data,
        createdAt: e.createdAt,
      });
    }
    await repo.insertDeliveries(this.ctx.db, rows);
    return rows.map((r) => r.id);
  }
}
