import { newId } from '@robot-ads/contracts/common/new-id';
import { Outbox } from '@robot-ads/contracts/play-events/outbox';
import { ApiError, type PlayEventOut, sendEvents } from './api';
import type { ShootingAgent } from './shooting';
import * as store from './store';

/**
 * Proof of play on the way to the server: events kept in IndexedDB until the server answered for their
 * batch; a batch refused as malformed (400) can never be accepted and is dropped.
 */
export function eventOutbox(token: string): Outbox<PlayEventOut> {
  return new Outbox<PlayEventOut>(
    store.eventStore,
    (events) => sendEvents(token, events),
    (error) => error instanceof ApiError && error.status === 400,
  );
}

/** What the proof of play needs from the player around it. */
export interface ProofOfPlayHost {
  /** Server time, seconds. */
  now(): number;
  /** The schedule version on screen, if any. */
  version(): string | null;
  /** A send failed in a way the player handles (offline, token revoked, other). */
  onError(error: unknown): void;
  /** The server took a batch: the player is online. */
  onSent(): void;
  /** A message for the status overlay. */
  onMessage(message: string): void;
}

/**
 * Times each play on screen, records it in the outbox when it finishes and sends the outbox (and the
 * shooting agent's photos) in batches, retrying while the server is away.
 */
export class ProofOfPlay {
  /** Proof of play: finished plays wait in IndexedDB until the server acknowledged them. */
  private readonly outbox: Outbox<PlayEventOut>;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The play on screen: its first screen showed at `startedAt` (server seconds), `t0` (monotonic ms). */
  private playing: { planId: string; adId: string; startedAt: number; t0: number; version: string | null } | null =
    null;

  constructor(
    token: string,
    private readonly shooting: ShootingAgent,
    private readonly host: ProofOfPlayHost,
  ) {
    this.outbox = eventOutbox(token);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.flushTimer);
  }

  /** A play's first screen shows: ends the one before it (cut short) and times this one. */
  startPlay(planId: string, adId: string) {
    this.finishPlay();
    this.playing = {
      planId,
      adId,
      startedAt: Math.floor(this.host.now()),
      t0: performance.now(),
      version: this.host.version(),
    };
  }

  /** The play on screen finished: its event goes to the outbox (IndexedDB) before any send. */
  finishPlay() {
    const play = this.playing;
    if (!play) return;
    this.playing = null;
    const event: PlayEventOut = {
      id: newId(),
      type: 'play',
      playlistId: play.planId,
      adId: play.adId,
      startedAt: play.startedAt,
      watchDuration: Math.max(0, Math.round(performance.now() - play.t0)),
      // The schedule version it played from: kept by the server with the play as proof (audit).
      ...(play.version ? { scheduleVersion: play.version } : {}),
    };
    void this.outbox
      .enqueue(event)
      .then(() => this.scheduleFlush(5000))
      .catch((error) => {
        this.host.onMessage(`events: ${error instanceof Error ? error.message : String(error)}`);
      });
  }

  /** Sends waiting events soon (batched: plays finishing close together go in one request). */
  scheduleFlush(delayMs: number) {
    if (this.stopped || this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, delayMs);
  }

  private async flush() {
    void this.shooting.flush().then((r) => {
      if (r.left > 0) this.scheduleFlush(30_000);
    });
    try {
      const r = await this.outbox.flush();
      if (r.error) this.host.onError(r.error);
      else if (r.sent > 0) this.host.onSent();
      // Still waiting (offline, server busy): try again later; the 'online' event also triggers a flush.
      if (r.left > 0) this.scheduleFlush(30_000);
    } catch (error) {
      this.host.onMessage(`events: ${error instanceof Error ? error.message : String(error)}`);
      this.scheduleFlush(60_000);
    }
  }
}
