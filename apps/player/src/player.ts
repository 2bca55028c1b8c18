import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import {
  compactState,
  initialPlaybackState,
  nextPlay,
  type PlaybackState,
} from '@robot-ads/contracts/playback/play-order.rules';
import type { PlaybackPlan } from '@robot-ads/contracts/playback/playback.types';
import { nextWakeAt } from '@robot-ads/contracts/playback/simulate';
import { Acknowledgements } from './acknowledgements';
import { ApiError, OfflineError, pullSchedule } from './api';
import { heartbeatLoop } from './heartbeat';
import * as media from './media-cache';
import { type Pending, parseRatio, toItem } from './play-item';
import { ProofOfPlay } from './proof-of-play';
import { adNames, type PlayerAd, playablePlans, type QueueEntry, upcomingPlays } from './queue';
import type { Screen } from './screen';
import { ShootingAgent } from './shooting';
import * as store from './store';

export { eventOutbox } from './proof-of-play';

export const APP_VERSION = 'player-1.53.0';

export interface Credentials {
  token: string;
  robotId: string;
  heartbeatInterval: number;
}

export interface Status {
  robotId: string;
  version: string | null;
  online: boolean;
  lastPull: number | null;
  downloading: { done: number; total: number } | null;
  queue: QueueEntry[];
  cached: number;
  message: string;
}

/**
 * The playback loop and the device protocol around it: pulls the schedule (ETag), downloads media
 * into Cache Storage, acknowledges a version once its files are held, heartbeats, and plays with the
 * shared engine. Whatever the network does, it plays from what it holds.
 */
export class Player {
  private schedule: DeviceSchedule | null = null;
  private state: PlaybackState = initialPlaybackState(Math.floor(Math.random() * 2 ** 31));
  private ready = new Set<string>();
  /** Server time minus this clock, seconds: plays follow the server's clock, not a drifting kiosk clock. */
  private clockOffset = 0;
  private online = navigator.onLine;
  private lastPull: number | null = null;
  private downloading: { done: number; total: number } | null = null;
  private message = '';
  private pullTimer: ReturnType<typeof setTimeout> | undefined;
  private pulling: Promise<void> | null = null;
  /** An earlier next pull than the regular poll (files missing), without If-None-Match when forced. */
  private retry: { delayMs: number; force: boolean } | null = null;
  /** A push came while a pull was under way: that pull may have been answered before the change. */
  private collectAfterPull = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private names = new Map<string, string>();
  private readonly acks: Acknowledgements;
  /** Proof of play: times the plays and sends them (docs/device-protocol.md). */
  private readonly proof: ProofOfPlay;
  /** Shooting tasks of the schedule: photos of the screen while a plan's ad shows (docs/shooting.md). */
  private readonly shooting: ShootingAgent;
  onStatus: (status: Status) => void = () => {};
  onRevoked: () => void = () => {};

  constructor(
    private readonly screen: Screen,
    private readonly credentials: Credentials,
  ) {
    this.acks = new Acknowledgements(this.credentials.token);
    this.shooting = new ShootingAgent(this.credentials.token);
    this.proof = new ProofOfPlay(this.credentials.token, this.shooting, {
      now: () => this.now(),
      version: () => this.schedule?.version ?? null,
      onError: (error) => this.handleError(error),
      onSent: () => this.setOnline(true),
      onMessage: (message) => {
        this.message = message;
      },
    });
  }

  now(): number {
    return Date.now() / 1000 + this.clockOffset;
  }

  async start() {
    // Storage that fails (private mode, full disk) costs the offline start, never the playback.
    const [schedule, state, offset] = await Promise.all([
      store.load<DeviceSchedule>('schedule').catch(() => undefined),
      store.load<PlaybackState>('playback').catch(() => undefined),
      store.load<number>('clockOffset').catch(() => undefined),
    ]);
    if (typeof offset === 'number') this.clockOffset = offset;
    if (!media.isPersistent())
      this.message = 'No Cache Storage here (open the player over https or localhost to play offline)';
    if (state) this.state = state;
    if (schedule) await this.adopt(schedule, false);
    void this.playLoop();
    void heartbeatLoop({
      token: this.credentials.token,
      interval: this.credentials.heartbeatInterval,
      appVersion: APP_VERSION,
      stopped: () => this.stopped,
      playing: () => Boolean(this.screen.stage.parentElement?.dataset.playing),
      onAnswer: () => this.setOnline(true),
      onError: (error) => this.handleError(error),
    });
    this.schedulePull(0);
    this.proof.scheduleFlush(1000);
    window.addEventListener('online', () => {
      this.collectNow();
      this.proof.scheduleFlush(1000);
    });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.pullTimer);
    this.proof.stop();
    this.wake?.();
  }

  /**
   * A push ("collect now"), a (re)connected push socket or coming back online: pull within a couple of
   * seconds. During a pull, another follows it: the one under way may have been answered before the change
   * (and its end would otherwise set the regular poll over this one).
   */
  collectNow() {
    if (this.pulling) this.collectAfterPull = true;
    else this.schedulePull(Math.random() * 2000);
  }

  status(): Status {
    return {
      robotId: this.credentials.robotId,
      version: this.schedule?.version ?? null,
      online: this.online,
      lastPull: this.lastPull,
      downloading: this.downloading,
      queue: this.upcoming(5),
      cached: this.ready.size,
      message: this.message,
    };
  }

  private emit() {
    this.onStatus(this.status());
  }

  // ---- schedule -------------------------------------------------------------------------------

  private schedulePull(delayMs: number, force = false) {
    clearTimeout(this.pullTimer);
    this.pullTimer = setTimeout(() => void this.pull(force), delayMs);
  }

  /** Next poll: the server's interval spread by its jitter, so a fleet never polls in step. */
  private nextPollDelay(): number {
    const interval = this.schedule?.pollInterval ?? 60;
    const jitter = this.schedule?.pollJitter ?? 0.2;
    return interval * 1000 * (1 - jitter + Math.random() * 2 * jitter);
  }

  private async pull(force = false): Promise<void> {
    if (this.pulling) return this.pulling;
    this.pulling = (async () => {
      try {
        const fresh = await pullSchedule(this.credentials.token, force ? null : (this.schedule?.version ?? null));
        this.setOnline(true);
        this.lastPull = Math.floor(this.now());
        if (fresh) {
          this.clockOffset = fresh.serverTime - Date.now() / 1000;
          await store.save('clockOffset', this.clockOffset).catch(() => undefined);
          await this.adopt(fresh, true);
        } else if (this.schedule) {
          // Unchanged, but files may still be missing (an earlier download failed).
          await this.downloadMissing(this.schedule);
        }
      } catch (error) {
        this.handleError(error);
      } finally {
        this.pulling = null;
        const retry = this.retry;
        this.retry = null;
        const collect = this.collectAfterPull;
        this.collectAfterPull = false;
        if (!this.stopped) {
          if (collect) this.schedulePull(Math.min(Math.random() * 2000, retry?.delayMs ?? 2000), retry?.force ?? false);
          else if (retry) this.schedulePull(retry.delayMs, retry.force);
          else this.schedulePull(this.nextPollDelay());
        }
        this.emit();
      }
    })();
    return this.pulling;
  }

  private handleError(error: unknown) {
    if (error instanceof OfflineError) {
      this.setOnline(false);
      return;
    }
    if (error instanceof ApiError && error.status === 401) {
      this.message = error.message;
      this.stop();
      this.onRevoked();
      return;
    }
    this.message = error instanceof Error ? error.message : String(error);
  }

  private setOnline(online: boolean) {
    if (this.online !== online) {
      this.online = online;
      this.emit();
    }
  }

  /** Takes a schedule as current: plays at once what is cached, downloads the rest, then acknowledges. */
  private async adopt(schedule: DeviceSchedule, fromNetwork: boolean) {
    this.schedule = schedule;
    this.screen.setSize(...parseRatio(schedule.screenRatio));
    this.names = adNames(schedule);
    // The files held, found before the switch, so that playback never sees a half-known set.
    const ready = new Set<string>();
    for (const m of schedule.media) if (await media.has(m)) ready.add(m.id);
    this.ready = ready;
    if (fromNetwork) await store.save('schedule', schedule).catch(() => undefined);
    // Counters of plans still in the schedule stay, even while their files are downloading.
    this.state = compactState(this.state, schedule.plans, this.now());
    void this.shooting.setTasks(schedule.shootTasks ?? []);
    this.wake?.();
    this.emit();
    if (fromNetwork) await this.downloadMissing(schedule);
  }

  private async downloadMissing(schedule: DeviceSchedule) {
    const missing = schedule.media.filter((m) => !this.ready.has(m.id));
    let expired = false;
    if (missing.length > 0) {
      this.downloading = { done: 0, total: missing.length };
      this.emit();
      for (const m of missing) {
        try {
          await media.download(m);
          this.ready.add(m.id);
          this.wake?.();
        } catch (error) {
          if (error instanceof media.DownloadError && error.expired) expired = true;
          this.message = `${m.id}: ${error instanceof Error ? error.message : String(error)}`;
        }
        this.downloading = { done: this.downloading.done + 1, total: missing.length };
        this.emit();
      }
      this.downloading = null;
    }
    if (this.schedule !== schedule) return;
    await this.acks.send(schedule, this.ready);
    await media.prune(schedule.media).catch(() => undefined);
    // Links that expired before we used them: fetch the whole schedule again for fresh ones; other
    // failed downloads are tried again sooner than the next poll.
    if (expired) this.retry = { delayMs: 1000, force: true };
    else if (schedule.media.some((m) => !this.ready.has(m.id))) this.retry = { delayMs: 15_000, force: false };
  }

  /** The plans for the engine, with only the ads whose files are all cached. */
  private plans(): PlaybackPlan<PlayerAd>[] {
    return playablePlans(this.schedule, this.ready);
  }

  /** The next plays as the engine would choose them now (for the status overlay); changes nothing. */
  private upcoming(n: number): Status['queue'] {
    return upcomingPlays(this.plans(), this.state, this.now(), n, this.names);
  }

  // ---- playback -------------------------------------------------------------------------------

  private async load(
    plan: PlaybackPlan<PlayerAd>,
    ad: PlayerAd,
    screens: number[],
    state: PlaybackState | null,
  ): Promise<Pending | null> {
    const [index, ...rest] = screens;
    if (index === undefined) return null;
    const built = await toItem(plan, ad, index);
    if (!built) return null;
    try {
      const prepared = await this.screen.prepare(built.item);
      return {
        prepared,
        urls: built.urls,
        state,
        version: this.schedule?.version ?? null,
        rest: rest.length > 0 ? { plan, ad, screens: rest } : null,
      };
    } catch {
      // A file that will not decode: skip it this time rather than stop the screen.
      for (const url of built.urls) URL.revokeObjectURL(url);
      return null;
    }
  }

  /**
   * Loads what shows after `after` (the next screen of the same play), or the engine's next play for
   * the instant `t` from the committed state; null when nothing may play then. The engine state after
   * a play is committed only when its first screen shows.
   */
  private async prepareNext(after: Pending | null, t: number): Promise<Pending | null> {
    if (after?.rest && after.version === (this.schedule?.version ?? null)) {
      const next = await this.load(after.rest.plan, after.rest.ad, after.rest.screens, null);
      if (next) return next;
    }
    const r = nextPlay(this.plans(), this.state, t);
    if (!r.play) return null;
    return this.load(
      r.play.plan,
      r.play.ad,
      r.play.ad.screens.map((_, i) => i),
      r.state,
    );
  }

  private async playLoop() {
    let pending: Pending | null = null;
    let showingUrls: string[] = [];
    while (!this.stopped) {
      const version = this.schedule?.version ?? null;
      if (pending && pending.version !== version) {
        for (const url of pending.urls) URL.revokeObjectURL(url);
        pending = null;
      }
      if (!pending) pending = await this.prepareNext(null, this.now());
      if (!pending) {
        this.proof.finishPlay();
        this.screen.idle();
        this.emit();
        await this.sleepUntilChange();
        continue;
      }
      const current: Pending = pending;
      pending = null;
      const ends = this.screen.show(current.prepared);
      this.shootSoon(current.prepared.item.adId);
      if (current.state) {
        this.proof.startPlay(current.prepared.item.planId, current.prepared.item.adId);
        this.state = current.state;
        void store.save('playback', this.state).catch(() => undefined);
      }
      for (const url of showingUrls) URL.revokeObjectURL(url);
      showingUrls = current.urls;
      this.emit();
      // Prepare the next item while this one plays, for the instant this one ends.
      const nextAt: number = this.now() + current.prepared.item.seconds;
      const next: Pending | null = (await Promise.all([this.prepareNext(current, nextAt), ends]))[0];
      // The last screen of a play ended: the play is complete.
      if (!current.rest) this.proof.finishPlay();
      pending = next;
    }
  }

  private sleepUntilChange(): Promise<void> {
    const now = this.now();
    // The instant the simulation of scheduled plays jumps to as well (docs/statistics.md, "Scheduled plays").
    const change = nextWakeAt(this.plans(), now, now + 3600);
    const ms = Math.min(change !== null ? (change - now) * 1000 + 50 : 5000, 5000);
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.wake === done) self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  // ---- proof of play ------------------------------------------------------------------------

  /** A shooting task due for the ad now on screen: capture it once the frame is drawn (a video has started). */
  private shootSoon(adId: string) {
    if (!this.shooting.due(adId, this.now())) return;
    setTimeout(() => {
      if (this.screen.stage.parentElement?.dataset.playing !== adId) return;
      void this.shooting.onShow(adId, Math.floor(this.now()), () => this.screen.capture());
    }, 800);
  }
}
