/**
 * A headless robot speaking the device protocol over HTTP (docs/device-protocol.md): heartbeats,
 * schedule pulls with ETag, media downloads checked by size and SHA-256, acknowledgements, playback
 * with the shared engine and proof of play (plays with audience counts, QR scans) through the outbox.
 * Used by the fleet simulator (tools/simulate.ts) and by the living demo fleet inside the server
 * (demo-fleet.ts). Timers only: an idle robot costs nothing.
 */
import { createHash } from 'node:crypto';
import { newId } from '@robot-ads/contracts/common/ids';
import { MemoryOutboxStorage, Outbox } from '@robot-ads/contracts/play-events/outbox';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { initialPlaybackState, nextPlay, type PlaybackState } from '@robot-ads/contracts/playback/play-order.rules';
import { nextWakeAt } from '@robot-ads/contracts/playback/simulate';
import { wallClock } from '@robot-ads/contracts/playback/zoned-time';
import type { DeviceEventsAck, DeviceSchedule } from '@robot-ads/sdk/device';
import { type Random, seededRandom, sensedAudience } from './audience-model';
import { deviceCall, deviceCaller, failed } from './device-api';
import { DeviceShooter, stillOfAd } from './device-shooter';
import type { FleetStats } from './fleet-stats';

export { type ApiReply, activateRobot, deviceApi, deviceCall, deviceCaller, failed } from './device-api';
export { type FleetStats, newFleetStats } from './fleet-stats';

export interface DeviceRobotOptions {
  base: string;
  robotId: string;
  token: string;
  heartbeatInterval: number;
  stats: FleetStats;
  appVersion: string;
  /** Download and check media before acknowledging (off: acknowledge what was pulled). */
  download?: boolean;
  /** Where the robot stands (stamped on its proof photos) and its zone (default Asia/Shanghai). */
  place?: string;
  timeZone?: string;
  /** The first beat and pull come at a random point within this many ms (default: one interval). */
  firstCycleMs?: number;
  /** How often finished plays are reported (default 30 s). */
  reportEveryMs?: number;
  /** Chance that a play of an ad with a QR code is followed by a scan (default 0.1). */
  scanChance?: number;
  /** Seed of what the robot plays, senses and sees scanned (default: a random one). */
  seed?: number;
  /**
   * The server's public address (PUBLIC_URL): media links under it are fetched from `base` instead, for a
   * robot inside the server that may not reach its public address (behind a proxy).
   */
  publicBase?: string;
}

export class DeviceRobot {
  version: string | null = null;
  schedule: DeviceSchedule | null = null;
  private readonly random: Random;
  private playback: PlaybackState;
  /** When the server recorded the last acknowledgement (unix seconds): a bounded run plays no earlier. */
  private pulledAt = 0;
  /** Scans (phones opening the tracking address) not answered yet. */
  private readonly scanning = new Set<Promise<void>>();
  /** Set while a bounded run plays in the past (playRun): scans are then reported as the robot's events. */
  private pastPlays = false;
  private readonly held = new Set<string>();
  private readonly outbox = new Outbox<DeviceEvent>(new MemoryOutboxStorage(), (events) => this.sendEvents(events));
  private shooter: DeviceShooter | null = null;
  private beatTimer: ReturnType<typeof setTimeout> | undefined;
  private pullTimer: ReturnType<typeof setTimeout> | undefined;
  private playTimer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setInterval> | undefined;
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Waiting for something to play (no schedule yet, or nothing plays now). */
  private idle = true;
  private pulling = false;
  running = false;
  /** Counts starts, so that a beat in flight when the robot was paused does not start a second chain. */
  private generation = 0;
  /** Server time minus this clock, seconds (plays follow the server's clock). */
  private clockOffset = 0;

  constructor(readonly o: DeviceRobotOptions) {
    this.random = o.seed === undefined ? Math.random : seededRandom(o.seed);
    this.playback = initialPlaybackState(Math.floor(this.random() * 2 ** 31));
  }

  get robotId() {
    return this.o.robotId;
  }

  get token() {
    return this.o.token;
  }

  /** Switches the robot on. Its first beat and pull are spread so that a fleet never moves in step. */
  start() {
    if (this.running) return;
    this.running = true;
    this.generation++;
    const first = this.o.firstCycleMs ?? this.o.heartbeatInterval * 1000;
    this.beatTimer = setTimeout(() => void this.beat(), Math.random() * first);
    this.schedulePull(Math.random() * first);
    this.playTimer = setTimeout(() => this.play(), 5000 + Math.random() * 10_000);
    const every = this.o.reportEveryMs ?? 30_000;
    this.flushTimer = setInterval(() => void this.flush(), every * (0.9 + Math.random() * 0.2));
  }

  /** Switches the robot off (no beats, pulls or plays); what it played is still in its outbox. */
  stop() {
    this.running = false;
    this.idle = true;
    clearTimeout(this.beatTimer);
    clearTimeout(this.pullTimer);
    clearTimeout(this.playTimer);
    clearTimeout(this.resumeTimer);
    clearInterval(this.flushTimer);
  }

  /** Off for `ms` (a power cut, a lost network), then on again: the server sees it go and come back. */
  pause(ms: number) {
    this.stop();
    this.resumeTimer = setTimeout(() => this.start(), ms);
  }

  /** A push ("collect now"): pull within `ms`. */
  requestPull(ms: number) {
    if (!this.running) return;
    this.o.stats.pushes++;
    this.schedulePull(ms);
  }

  private now() {
    return Date.now() / 1000 + this.clockOffset;
  }

  /** Plays the next ad as the engine chooses it; its events are queued when the play ends. */
  private play() {
    if (!this.running) return;
    const now = this.now();
    const p = this.playAt(now);
    if (!p) {
      this.idle = true;
      // Looks again when something may play (as the simulation of scheduled plays does), at most 30 s on.
      const plans = this.schedule?.plans ?? [];
      const wake = nextWakeAt(plans, now, now + 30);
      this.playTimer = setTimeout(() => this.play(), wake === null ? 30_000 : Math.max(0, (wake - now) * 1000) + 20);
      return;
    }
    this.idle = false;
    void this.shooterOf()
      .onPlay(p.ad.id, now)
      .then((shot) => {
        if (shot) this.o.stats.photos++;
      });
    this.playTimer = setTimeout(() => {
      this.finish(p);
      this.play();
    }, p.seconds * 1000);
  }

  /**
   * Plays `count` ads one after the other without waiting for them (virtual time): they start so that the
   * last one ends now, as if the robot had played them just before, but none before the robot's last pull
   * (the audit would flag it: docs/statistics.md). Reports them and their scans; answers
   * how many played (fewer when nothing of the schedule plays at those times). For bounded runs
   * (`npm run simulate -- --plays N`) and tests.
   */
  async playRun(count: number): Promise<number> {
    const plans = this.schedule?.plans ?? [];
    let state = this.playback;
    let length = 0;
    const now = this.now();
    for (let i = 0; i < count; i++) {
      const r = nextPlay(plans, state, now + length);
      if (!r.play) break;
      state = r.state;
      length += r.play.seconds > 0 ? r.play.seconds : 10;
    }
    let at = Math.max(Math.floor(now - length) - 1, this.pulledAt);
    let played = 0;
    // The plays lie in the past: a phone cannot scan them now through the tracking link (the server counts a
    // link scan at the time it sees it, one a play window), so their scans are reported by the robot, each
    // within its play (docs/statistics.md, "Bounds on what a robot reports").
    this.pastPlays = true;
    try {
      for (; played < count; played++) {
        const p = this.playAt(at);
        if (!p) break;
        this.finish(p);
        at += p.seconds;
      }
    } finally {
      this.pastPlays = false;
    }
    await this.flush();
    return played;
  }

  /** The next play at `now` (server time) with what the sensors counted, or null when nothing plays. */
  private playAt(now: number) {
    const r = this.schedule ? nextPlay(this.schedule.plans, this.playback, now) : { play: null };
    if (!r.play) return null;
    this.playback = r.state;
    const seconds = r.play.seconds > 0 ? r.play.seconds : 10;
    const { plan, ad } = r.play;
    const startedAt = Math.floor(now);
    const play: DeviceEvent = {
      id: newId(),
      type: 'play',
      playlistId: plan.id,
      adId: ad.id,
      startedAt,
      // The play's length: the whole ad, give or take a frame (the audit's full-length rule, +-500 ms).
      watchDuration: Math.round(seconds * 1000 + (this.random() - 0.5) * 200),
      audience: sensedAudience(this.random, seconds, wallClock(startedAt, plan.timeZone).hour),
      ...(this.schedule?.version ? { scheduleVersion: this.schedule.version } : {}),
    };
    const qr = this.schedule?.plans.find((x) => x.id === plan.id)?.ads.find((a) => a.id === ad.id)?.qr;
    const scanned = qr && this.random() < (this.o.scanChance ?? 0.1);
    return {
      plan,
      ad,
      seconds,
      play,
      // With a QR target, a phone scans the tracking code (the server counts it and redirects); a plain
      // QR picture's scan is reported by the robot.
      scanLink: scanned && qr.link && !this.pastPlays ? qr.link : null,
      scanEvent: scanned && (!qr.link || this.pastPlays) ? startedAt + Math.floor(this.random() * seconds) : null,
    };
  }

  /** A play has ended: its events go to the outbox, a phone scans its tracking code. */
  private finish(p: NonNullable<ReturnType<DeviceRobot['playAt']>>) {
    const stats = this.o.stats;
    const events: DeviceEvent[] = [p.play];
    if (p.scanEvent !== null) {
      events.push({ id: newId(), type: 'scan', playlistId: p.plan.id, adId: p.ad.id, startedAt: p.scanEvent });
      stats.scans++;
    }
    if (p.scanLink) {
      const scan = this.scan(p.scanLink).finally(() => this.scanning.delete(scan));
      this.scanning.add(scan);
    }
    stats.plays++;
    if (p.play.type === 'play') {
      stats.watchMs += p.play.watchDuration;
      stats.exposure += p.play.audience?.exposure ?? 0;
      stats.viewers += p.play.audience?.viewers ?? 0;
    }
    void this.outbox.enqueue(...events);
  }

  private async sendEvents(events: DeviceEvent[]): Promise<DeviceEventsAck> {
    const r = await deviceCall(this.o.base, '/api/device/v1/events', 'post', { token: this.o.token, body: { events } });
    if (r.status !== 200 || !r.body) failed('events', r);
    this.o.stats.eventsSent += events.length;
    return r.body.data;
  }

  /** Reports the finished plays waiting in the outbox (and waits for the scans under way). */
  async flush() {
    const r = await this.outbox.flush().catch((error: unknown) => ({ error }));
    if (r.error) this.o.stats.errors++;
    await Promise.all([...this.scanning]);
  }

  private schedulePull(ms: number) {
    clearTimeout(this.pullTimer);
    this.pullTimer = setTimeout(() => void this.pull(), ms);
  }

  private async beat() {
    const generation = this.generation;
    try {
      const r = await deviceCall(this.o.base, '/api/device/v1/heartbeat', 'post', {
        token: this.o.token,
        body: { status: this.idle ? 'idle' : 'playing', appVersion: this.o.appVersion },
      });
      if (r.status !== 200) failed('heartbeat', r);
      this.o.stats.heartbeats++;
    } catch {
      this.o.stats.errors++;
    }
    if (!this.running || generation !== this.generation) return;
    const ms = this.o.heartbeatInterval * 1000 * (0.9 + Math.random() * 0.2);
    this.beatTimer = setTimeout(() => void this.beat(), ms);
  }

  async pull() {
    if (this.pulling) return;
    this.pulling = true;
    let interval = 60;
    let jitter = 0.2;
    const stats = this.o.stats;
    try {
      const t0 = performance.now();
      const r = await deviceCall(this.o.base, '/api/device/v1/schedule', 'get', {
        token: this.o.token,
        headers: this.version ? { 'if-none-match': `"${this.version}"` } : {},
      });
      stats.latencies.push(performance.now() - t0);
      stats.pulls++;
      if (r.status === 304) stats.notModified++;
      else if (r.status === 200 && r.body) {
        stats.full++;
        const schedule = r.body.data;
        interval = schedule.pollInterval;
        jitter = schedule.pollJitter;
        if (this.o.download !== false) await this.download(schedule);
        const ack = await deviceCall(this.o.base, '/api/device/v1/schedule/ack', 'post', {
          token: this.o.token,
          body: { version: schedule.version },
        });
        if (ack.status !== 200) failed('ack', ack);
        stats.acks++;
        this.pulledAt = Number(ack.body?.data?.pullTime ?? 0);
        this.version = schedule.version;
        this.schedule = schedule;
        this.clockOffset = schedule.serverTime - Date.now() / 1000;
        void this.shooterOf()
          .setTasks(schedule.shootTasks ?? [])
          .catch(() => undefined);
        // Something new to play: start at once rather than at the next idle check.
        if (this.idle && this.running) {
          clearTimeout(this.playTimer);
          this.playTimer = setTimeout(() => this.play(), Math.random() * 2000);
        }
      } else failed('schedule', r);
    } catch {
      stats.errors++;
    } finally {
      this.pulling = false;
    }
    if (this.running) this.schedulePull(interval * 1000 * (1 - jitter + Math.random() * 2 * jitter));
  }

  /** A phone scanning the robot's tracking QR code (GET /q/:code): the server counts it and answers 302. */
  private async scan(link: string) {
    const res = await fetch(this.mediaLink(link), { redirect: 'manual' }).catch(() => null);
    if (res?.status === 302) this.o.stats.scans++;
    // GET /q/:code takes at most 600 scans a minute from one address: a large fleet run from one
    // machine reaches it (docs/device-protocol.md, section 9).
    else if (res?.status === 429) this.o.stats.scansLimited++;
    else this.o.stats.errors++;
  }

  /** Shooting tasks: confirmed when pulled, answered with a generated picture when their ad plays. */
  private shooterOf(): DeviceShooter {
    this.shooter ??= new DeviceShooter(this.o.robotId, deviceCaller(this.o.base, this.o.token), this.o.base, {
      place: this.o.place ?? '',
      timeZone: this.o.timeZone ?? 'Asia/Shanghai',
      stillOf: (adId) =>
        stillOfAd(this.schedule, adId, async (url) => {
          const res = await fetch(this.mediaLink(url));
          if (!res.ok) throw new Error(`media: HTTP ${res.status}`);
          return Buffer.from(await res.arrayBuffer());
        }),
    });
    return this.shooter;
  }

  private mediaLink(url: string): string {
    const publicBase = this.o.publicBase?.replace(/\/+$/, '');
    if (publicBase && url.startsWith(`${publicBase}/`)) return `${this.o.base}${url.slice(publicBase.length)}`;
    return url.startsWith('http') ? url : `${this.o.base}${url}`;
  }

  private async download(schedule: DeviceSchedule) {
    for (const m of schedule.media) {
      if (this.held.has(`${m.id}:${m.checksum}`)) continue;
      const res = await fetch(this.mediaLink(m.url));
      if (!res.ok) throw new Error(`download ${m.id}: HTTP ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (m.size !== null && bytes.length !== m.size) throw new Error(`download ${m.id}: wrong size`);
      if (m.checksum && createHash('sha256').update(bytes).digest('hex') !== m.checksum)
        throw new Error(`download ${m.id}: bad checksum`);
      this.o.stats.downloads++;
      this.o.stats.downloadedBytes += bytes.length;
      this.held.add(`${m.id}:${m.checksum}`);
    }
  }
}
