/**
 * The player's outbox of proof-of-play events (the pure part: no browser API here). Events are
 * written to durable storage (IndexedDB in the player) the moment an item finishes, and sent in
 * batches of at most `MAX_EVENT_BATCH` when the server is reachable. An event leaves storage only
 * after the server acknowledged its batch (accepted, duplicate or ignored): a batch whose answer was
 * lost is simply sent again, and the server counts it once (ids are generated here, once).
 */
import { MAX_EVENT_BATCH } from '@robot-ads/contracts/play-events/play-events.rules';

export interface OutboxEvent {
  id: string;
}

export interface OutboxStorage<E extends OutboxEvent> {
  add(events: E[]): Promise<void>;
  /** The oldest `limit` events (insertion order). */
  oldest(limit: number): Promise<E[]>;
  remove(ids: string[]): Promise<void>;
  count(): Promise<number>;
}

/**
 * Storage in memory, oldest first: for a device that keeps its events on no disk (the fleet simulator,
 * the living demo's robots) and for tests. The player keeps them in IndexedDB.
 */
export class MemoryOutboxStorage<E extends OutboxEvent> implements OutboxStorage<E> {
  private items: E[] = [];
  async add(events: E[]) {
    this.items.push(...events);
  }
  async oldest(limit: number) {
    return this.items.slice(0, limit);
  }
  async remove(ids: string[]) {
    const gone = new Set(ids);
    this.items = this.items.filter((e) => !gone.has(e.id));
  }
  async count() {
    return this.items.length;
  }
}

export interface BatchAck {
  accepted: number;
  duplicates: number;
  ignored: number;
}

export interface FlushResult {
  /** Events acknowledged by the server (and removed from storage). */
  sent: number;
  /** Events of batches the server refused as malformed (removed: they can never be accepted). */
  dropped: number;
  /** Events still waiting (the server was unreachable or refused the device). */
  left: number;
  /** Why the flush stopped early, when it did. */
  error: unknown;
}

/** Splits events into batches of at most `max` (the order kept). */
export function toBatches<E>(events: E[], max: number = MAX_EVENT_BATCH): E[][] {
  const out: E[][] = [];
  for (let i = 0; i < events.length; i += max) out.push(events.slice(i, i + max));
  return out;
}

export class Outbox<E extends OutboxEvent> {
  private flushing: Promise<FlushResult> | null = null;

  constructor(
    private readonly storage: OutboxStorage<E>,
    private readonly send: (events: E[]) => Promise<BatchAck>,
    /** Errors that mean the batch itself is bad (HTTP 400): retrying would never succeed. */
    private readonly isMalformed: (error: unknown) => boolean = () => false,
    private readonly batchSize: number = MAX_EVENT_BATCH,
  ) {}

  /** Stores events durably before anything is sent. */
  async enqueue(...events: E[]): Promise<void> {
    if (events.length > 0) await this.storage.add(events);
  }

  /** Sends stored events batch by batch until none are left or the server cannot take them now. */
  flush(): Promise<FlushResult> {
    if (!this.flushing) {
      this.flushing = this.run().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async run(): Promise<FlushResult> {
    let sent = 0;
    let dropped = 0;
    let error: unknown = null;
    for (;;) {
      const batch = await this.storage.oldest(this.batchSize);
      if (batch.length === 0) break;
      try {
        await this.send(batch);
        sent += batch.length;
      } catch (e) {
        if (!this.isMalformed(e)) {
          error = e;
          break;
        }
        dropped += batch.length;
      }
      await this.storage.remove(batch.map((e) => e.id));
    }
    return { sent, dropped, left: await this.storage.count(), error };
  }
}
