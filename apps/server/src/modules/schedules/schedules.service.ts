import { createHash } from 'node:crypto';
import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import {
  type DeviceSchedule,
  type NowPlayingResult,
  SCHEDULE_POLL_INTERVAL_S,
  SCHEDULE_POLL_JITTER,
  type ScheduleAd,
  type ScheduleMedia,
  type ScheduleOverlay,
  type SchedulePlan,
  type ScheduleQr,
} from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { buildLoop } from '@robot-ads/contracts/playback/play-order.rules';
import type { PlanSchedule } from '@robot-ads/contracts/playback/playback.types';
import { activeIntervals, activePlansAt, deliveryStatus } from '@robot-ads/contracts/playback/schedule.rules';
import type { ResourceDto } from '@robot-ads/contracts/resources/resources.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { isOverlayPicture } from '../ads/ads.service';
import { robotScreens, type ScopeUser } from '../devices/devices.queries';
import { visibleRobot } from '../devices/devices.service';
import type { MediaRow } from '../media/media.queries';
import { findMediaByIds } from '../media/media.service';
import { adIdsOfPlans, type PlaylistRow } from '../playlists/playlists.queries';
import { markPulled, plansPublishedToRobots } from '../publishing/publishing.service';
import { qrLinker } from '../qr-codes/qr-codes.service';
import { openTasksOfRobots } from '../shooting/shooting.queries';

const DAY = 86_400;

/**
 * A schedule covers three UTC days from the start of today, so it always looks at least 48 hours
 * ahead, and its content (and version) changes only on a real change or once a day, never with the
 * minute. Its signed links live until the end of the next day: always 24 to 48 hours, longer than a
 * version is served.
 */
export function lookahead(nowSeconds: number) {
  const from = Math.floor(nowSeconds / DAY) * DAY;
  return { from, until: from + 3 * DAY, linksExpireAt: from + 2 * DAY };
}

export interface BuiltSchedule {
  version: string;
  schedule: DeviceSchedule;
  /** The day bucket it was built for (unix seconds). */
  from: number;
  /** unix seconds after which it must be rebuilt even without a change (a plan ends). */
  staleAt: number;
  /** ms since epoch, wall time of the build (a cached entry is rebuilt after a few minutes at most). */
  builtAt: number;
}

/** A safety net under the change feed: a cached schedule is rebuilt at least this often (same content, same version). */
const MAX_CACHE_AGE_MS = 5 * 60_000;

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
};

function contentTypeOf(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? null;
}

export function planScheduleOf(plan: PlaylistRow): PlanSchedule & { name: string } {
  return {
    id: plan.id,
    name: plan.name,
    priority: (plan.priority === 1 || plan.priority === 9 ? plan.priority : 5) as 1 | 5 | 9,
    cycle: { type: plan.cycle.type, data: plan.cycle.data },
    times: plan.times,
    begin: Math.floor(plan.beginAt.getTime() / 1000),
    end: Math.floor(plan.endAt.getTime() / 1000),
    timeZone: plan.timeZone,
    playingMode: (['order', 'round', 'random'].includes(plan.playingMode) ? plan.playingMode : 'order') as
      | 'order'
      | 'round'
      | 'random',
    countLimit: plan.countLimit,
    timeLimit: plan.timeLimit,
    pauses: plan.pauses.map((p) => ({ begin: p.begin, end: p.end })),
    cancelled: plan.deletedAt !== null,
  };
}

interface MediaFacts {
  id: string;
  key: string;
  kind: 'video' | 'picture';
  size: number;
  checksum: string;
  /** Seconds; null for a QR code or watermark picture (it shows as long as its ad). */
  duration: number | null;
  width: number | null;
  height: number | null;
}

function mediaOf(r: ResourceDto): MediaFacts | null {
  if (r.kind !== 'video' && r.kind !== 'picture') return null;
  return {
    id: r.mediaId,
    key: r.oss.objectName,
    kind: r.kind,
    size: r.size,
    checksum: r.sha256,
    duration: Math.max(1, Math.round(r.duration / 100) / 10),
    width: r.width,
    height: r.height,
  };
}

/** A QR code or watermark picture as a file of the schedule. */
function overlayMediaOf(m: MediaRow): MediaFacts {
  return {
    id: m.id,
    key: m.objectKey,
    kind: 'picture',
    size: m.size,
    checksum: m.sha256,
    duration: null,
    width: m.width,
    height: m.height,
  };
}

/** The ad's QR code or watermark for the device (its file joins the schedule's media); null without one. */
function overlayOf(
  overlay: AdDto['qr'],
  pictures: Map<string, MediaRow>,
  files: Map<string, MediaFacts>,
): ScheduleOverlay | null {
  const picture = overlay ? pictures.get(overlay.mediaId) : undefined;
  if (!overlay || !picture || !isOverlayPicture(picture)) return null;
  files.set(picture.id, overlayMediaOf(picture));
  return { mediaId: picture.id, position: overlay.position };
}

/** The QR code with the tracking address the player draws in place of its picture (null: the picture). */
function withLink(qr: ScheduleOverlay | null, link: string | null): ScheduleQr | null {
  return qr ? { ...qr, link } : null;
}

/** The ad as the device plays it, and the files it needs; null when it has nothing playable. */
function scheduleAdOf(
  ad: AdDto,
  files: Map<string, MediaFacts>,
  pictures: Map<string, MediaRow>,
  qrLink: string | null,
): ScheduleAd | null {
  if (ad.kind !== 'video' && ad.kind !== 'picture') return null;
  const screens: ScheduleAd['screens'] = [];
  for (const screen of ad.resourcesObjs) {
    const slots: { slot: number; mediaId: string }[] = [];
    let duration = 0;
    for (const r of screen) {
      const m = mediaOf(r);
      if (!m) continue;
      files.set(m.id, m);
      const slot = ad.template === 2 ? r.slot : 1;
      if (slots.some((s) => s.slot === slot)) continue;
      slots.push({ slot, mediaId: m.id });
      duration = Math.max(duration, m.duration ?? 0);
    }
    if (slots.length > 0) screens.push({ duration, slots: slots.sort((a, b) => a.slot - b.slot) });
  }
  if (screens.length === 0) return null;
  return {
    id: ad.id,
    name: ad.name,
    kind: ad.kind,
    duration: screens.reduce((sum, s) => sum + s.duration, 0),
    begin: ad.begin,
    end: ad.end,
    template: ad.template === 2 ? 2 : 1,
    screens,
    qr: withLink(overlayOf(ad.qr, pictures, files), ad.qrTarget ? qrLink : null),
    watermark: overlayOf(ad.watermark, pictures, files),
  };
}

/**
 * The resolved schedule of one robot: its published, live plans that play within the look-ahead, with
 * their ads and every file as a signed link with size and checksum. The version is a hash of all of it
 * except the links (which are re-signed on every build), plus the day bucket.
 */
export async function buildSchedule(ctx: AppContext, robotRef: string, robotId: string): Promise<BuiltSchedule> {
  const built = (await buildSchedules(ctx, [{ robotRef, robotId }])).get(robotRef);
  if (!built) throw new Error('schedule not built');
  return built;
}

/**
 * The schedules of many robots with the same few queries as one (a fleet polling after a restart, or
 * a plan published to thousands): their screens, their live plans, the ads and files of those plans.
 */
export async function buildSchedules(
  ctx: AppContext,
  robots: { robotRef: string; robotId: string }[],
): Promise<Map<string, BuiltSchedule>> {
  const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
  const { from, until, linksExpireAt } = lookahead(nowS);
  const refs = robots.map((r) => r.robotRef);
  const [screens, publishedByRobot, shootTasksByRobot] = await Promise.all([
    robotScreens(ctx.db, refs),
    plansPublishedToRobots(ctx, ctx.db, refs),
    openTasksOfRobots(ctx.db, refs),
  ]);
  // Each plan's windows once, whichever robots it is published to: over the whole bucket (not from
  // now), so that the content stays the same all day.
  const planCache = new Map<
    string,
    { row: PlaylistRow; schedule: ReturnType<typeof planScheduleOf>; windows: ReturnType<typeof activeIntervals> }
  >();
  const candidatesOf = new Map<
    string,
    { row: PlaylistRow; schedule: ReturnType<typeof planScheduleOf>; windows: ReturnType<typeof activeIntervals> }[]
  >();
  for (const ref of refs) {
    const candidates = [];
    for (const p of publishedByRobot.get(ref) ?? []) {
      let c = planCache.get(p.plan.id);
      if (!c) {
        const schedule = planScheduleOf(p.plan);
        c = { row: p.plan, schedule, windows: activeIntervals(schedule, from, until) };
        planCache.set(p.plan.id, c);
      }
      if (c.windows.some((w) => w.end > nowS)) candidates.push(c);
    }
    candidatesOf.set(ref, candidates);
  }
  const adIds = await adIdsOfPlans(ctx.db, [...planCache.keys()]);
  const ads = await ctx.ads.getAdsWithResources([...new Set([...adIds.values()].flat())]);
  const adById = new Map(ads.map((a) => [a.id, a]));
  const overlayIds = ads.flatMap((a) => [a.qr?.mediaId, a.watermark?.mediaId]).filter((id): id is string => !!id);
  const pictures = new Map((await findMediaByIds(ctx.db, [...new Set(overlayIds)])).map((m) => [m.id, m]));
  const linkOf = await qrLinker(ctx);
  const out = new Map<string, BuiltSchedule>();
  for (const { robotRef, robotId } of robots) {
    const screen = screens.get(robotRef);
    const files = new Map<string, MediaFacts>();
    const plans: SchedulePlan[] = [];
    let staleAt = from + DAY;
    for (const c of candidatesOf.get(robotRef) ?? []) {
      const planAds = (adIds.get(c.row.id) ?? [])
        .map((id) => adById.get(id))
        .filter((a): a is AdDto => a !== undefined)
        .map((a) => scheduleAdOf(a, files, pictures, linkOf({ playlistId: c.row.id, adId: a.id, robotRef })))
        .filter((a): a is ScheduleAd => a !== null);
      if (planAds.length === 0) continue;
      const s = c.schedule;
      staleAt = Math.min(staleAt, Math.max(s.end, nowS + 1));
      plans.push({
        id: s.id,
        name: c.schedule.name,
        priority: s.priority,
        cycle: s.cycle,
        times: c.row.times.map((t) => ({ begin: t.begin, end: t.end })),
        begin: s.begin,
        end: s.end,
        timeZone: s.timeZone,
        playingMode: s.playingMode,
        countLimit: s.countLimit ?? null,
        timeLimit: s.timeLimit ?? null,
        pauses: s.pauses ?? [],
        ads: planAds,
        windows: c.windows,
      });
    }
    const mediaList = [...files.values()].sort((a, b) => a.id.localeCompare(b.id));
    const content = {
      robotId,
      from,
      until,
      template: screen?.template ?? 1,
      screenRatio: screen?.screenRatio ?? '1080_1920',
      plans,
      media: mediaList.map(({ key, ...rest }) => ({ ...rest, key })),
      shootTasks: shootTasksByRobot.get(robotRef) ?? [],
    };
    const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27);
    const expiresIn = Math.max(60, linksExpireAt - nowS);
    const media: ScheduleMedia[] = mediaList.map((m) => ({
      id: m.id,
      kind: m.kind,
      url: ctx.storage.signedDownloadUrl(m.key, { expiresInSeconds: expiresIn }),
      expiresAt: nowS + expiresIn,
      size: m.size,
      checksum: m.checksum,
      contentType: contentTypeOf(m.key),
      duration: m.duration,
      width: m.width,
      height: m.height,
    }));
    out.set(robotRef, {
      version,
      from,
      staleAt,
      builtAt: Date.now(),
      schedule: {
        version,
        robotId,
        from,
        until,
        serverTime: nowS,
        template: content.template,
        screenRatio: content.screenRatio,
        pollInterval: SCHEDULE_POLL_INTERVAL_S,
        pollJitter: SCHEDULE_POLL_JITTER,
        plans,
        media,
        shootTasks: content.shootTasks,
      },
    });
  }
  return out;
}

/** What the cache keeps of a built schedule: enough for a 304 and an acknowledgement, not the body. */
export interface ScheduleStamp {
  version: string;
  from: number;
  staleAt: number;
  builtAt: number;
  planIds: string[];
}

/**
 * Built schedules by robot, so that an unchanged schedule costs a lookup and a 304. It keeps a small
 * stamp per robot (version, plans), so a fleet of 100,000 robots costs a few MB, and the last built
 * body of the robots that pulled most recently (bounded), so that a schedule that changed is built once
 * per version, not once per pull. An entry is dropped when the change feed (or, with Redis, another
 * instance's feed) sees a change for its robot, when the day bucket turns, or when a plan in it ends.
 */
export class ScheduleCache {
  private readonly entries = new Map<string, ScheduleStamp>();
  /** The last built body per robot, most recently used last. */
  private readonly bodies = new Map<string, BuiltSchedule>();
  private readonly building = new Map<string, Promise<BuiltSchedule>>();
  private queue: Array<{
    robotRef: string;
    robotId: string;
    resolve: (built: BuiltSchedule) => void;
    reject: (err: unknown) => void;
  }> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by invalidation, so that a build that raced a change is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly maxEntries = 1_000_000,
    private readonly maxBodies = 20_000,
  ) {}

  private known(robotRef: string): ScheduleStamp | null {
    const nowS = Math.floor(this.ctx.clock.now().getTime() / 1000);
    const hit = this.entries.get(robotRef);
    const fresh = hit && Date.now() - hit.builtAt < MAX_CACHE_AGE_MS;
    return hit && fresh && hit.from === lookahead(nowS).from && nowS < hit.staleAt ? hit : null;
  }

  /** The current stamp of a robot's schedule (building it when not known). */
  async stamp(robotRef: string, robotId: string): Promise<ScheduleStamp> {
    return this.known(robotRef) ?? stampOf(await this.build(robotRef, robotId));
  }

  /**
   * A pull: no body when `ifNoneMatch` names the current version (a 304), else the schedule, built
   * at most once.
   */
  async pull(
    robotRef: string,
    robotId: string,
    ifNoneMatch: string | undefined,
  ): Promise<{ version: string; schedule: DeviceSchedule | null }> {
    const known = this.known(robotRef);
    if (known && matchesVersion(ifNoneMatch, known.version)) return { version: known.version, schedule: null };
    const body = known ? this.bodies.get(robotRef) : undefined;
    if (known && body?.version === known.version) {
      this.bodies.delete(robotRef);
      this.bodies.set(robotRef, body);
      const serverTime = Math.floor(this.ctx.clock.now().getTime() / 1000);
      return { version: body.version, schedule: { ...body.schedule, serverTime } };
    }
    const built = await this.build(robotRef, robotId);
    const same = matchesVersion(ifNoneMatch, built.version);
    return { version: built.version, schedule: same ? null : built.schedule };
  }

  /** The whole schedule, built now (its links are signed now), and remembered as the current stamp. */
  async build(robotRef: string, robotId: string): Promise<BuiltSchedule> {
    const pending = this.building.get(robotRef);
    if (pending) return pending;
    const generation = this.generations.get(robotRef) ?? 0;
    const build = this.enqueue(robotRef, robotId).finally(() => this.building.delete(robotRef));
    this.building.set(robotRef, build);
    const built = await build;
    if ((this.generations.get(robotRef) ?? 0) === generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(robotRef, stampOf(built));
      this.bodies.delete(robotRef);
      if (this.bodies.size >= this.maxBodies) this.bodies.delete(this.bodies.keys().next().value as string);
      this.bodies.set(robotRef, built);
    }
    return built;
  }

  /** Builds requested within the same 2 ms (up to 200) are made together, with the queries of one. */
  private enqueue(robotRef: string, robotId: string): Promise<BuiltSchedule> {
    return new Promise((resolve, reject) => {
      this.queue.push({ robotRef, robotId, resolve, reject });
      if (this.queue.length >= 200) this.drain();
      else if (!this.timer) this.timer = setTimeout(() => this.drain(), 2);
    });
  }

  private drain() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    buildSchedules(this.ctx, batch)
      .then((built) => {
        for (const b of batch) {
          const one = built.get(b.robotRef);
          if (one) b.resolve(one);
          else b.reject(new Error(`schedule of ${b.robotId} not built`));
        }
      })
      .catch((err) => {
        for (const b of batch) b.reject(err);
      });
  }

  invalidate(robotRefs: Iterable<string>) {
    for (const ref of robotRefs) {
      this.entries.delete(ref);
      this.bodies.delete(ref);
      this.generations.set(ref, (this.generations.get(ref) ?? 0) + 1);
    }
  }

  clear() {
    this.invalidate([...this.entries.keys()]);
  }
}

function stampOf(built: BuiltSchedule): ScheduleStamp {
  return {
    version: built.version,
    from: built.from,
    staleAt: built.staleAt,
    builtAt: built.builtAt,
    planIds: built.schedule.plans.map((p) => p.id),
  };
}

/** True when an If-None-Match header names this version (weak or strong, or `*`). */
export function matchesVersion(ifNoneMatch: string | undefined, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((t) => t === version || t === '*');
}

/**
 * The device holds every file of `version` (or of the listed plans): their publish records become
 * pulled with pullTime, which feeds the pull ratio and its notification. Only the current version may
 * be acknowledged; an older one is refused so that the device pulls again first.
 */
export async function acknowledge(
  ctx: AppContext,
  cache: ScheduleCache,
  device: { robotRef: string; robotId: string },
  body: { version: string; planIds?: string[] },
) {
  const current = await cache.stamp(device.robotRef, device.robotId);
  if (current.version !== body.version) throw new AppError('SCHEDULE_VERSION_STALE', {}, 'version');
  const inSchedule = new Set(current.planIds);
  const planIds = (body.planIds ?? [...inSchedule]).filter((id) => inSchedule.has(id));
  const now = ctx.clock.now();
  const pulled = await markPulled(ctx, device.robotRef, planIds, now);
  return { version: current.version, pulled, pullTime: Math.floor(now.getTime() / 1000) };
}

/**
 * What a robot plays now, decided by the playback engine on the robot's delivered schedule: each plan's
 * state, whether it is on screen and its share of the loop (priority 9 takes the screen, 1 fills).
 */
export async function nowPlaying(
  ctx: AppContext,
  cache: ScheduleCache,
  user: ScopeUser,
  robotId: string,
): Promise<NowPlayingResult> {
  const robot = await visibleRobot(ctx, ctx.db, user, robotId);
  const built = await cache.build(robot.robot.id, robot.robot.robotId);
  const at = Math.floor(ctx.clock.now().getTime() / 1000);
  const plans = built.schedule.plans;
  const loop = buildLoop(activePlansAt(plans, at));
  return {
    robotId: robot.robot.robotId,
    at,
    version: built.version,
    plans: plans.map((p) => {
      const status = deliveryStatus(p, at);
      return {
        id: p.id,
        name: p.name,
        priority: p.priority,
        state: status.state,
        playingNow: status.playingNow && loop.includes(p.id),
        share: loop.length > 0 ? loop.filter((id) => id === p.id).length / loop.length : 0,
        ads: p.ads.map((a) => ({ id: a.id, name: a.name })),
      };
    }),
  };
}
