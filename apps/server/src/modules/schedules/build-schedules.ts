import { createHash } from 'node:crypto';
import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import {
  type DeviceSchedule,
  SCHEDULE_POLL_INTERVAL_S,
  SCHEDULE_POLL_JITTER,
  type ScheduleAd,
  type ScheduleMedia,
  type SchedulePlan,
} from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import { robotScreens } from '../devices/devices.queries';
import { findMediaByIds } from '../media/media.service';
import { adIdsOfPlans, type PlaylistRow } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { plansPublishedToRobots } from '../publishing/publishing.service';
import { qrLinker } from '../qr-codes/qr-codes.service';
import { openTasksOfRobots } from '../shooting/shooting.queries';
import { contentTypeOf, type MediaFacts, planScheduleOf, scheduleAdOf } from './schedule-content';

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

/**
 * The resolved schedule of one robot: its published, live plans that play within the look-ahead, with
 * their ads and every file as a signed link with size and checksum. The version is a hash of all of it
 * except the links (which are re-signed on every build), plus the day bucket.
 */
export async function buildSchedule(ctx: PublishingContext, robotRef: string, robotId: string): Promise<BuiltSchedule> {
  const built = (await buildSchedules(ctx, [{ robotRef, robotId }])).get(robotRef);
  if (!built) throw new Error('schedule not built');
  return built;
}

/**
 * The schedules of many robots with the same few queries as one (a fleet polling after a restart, or
 * a plan published to thousands): their screens, their live plans, the ads and files of those plans.
 */
export async function buildSchedules(
  ctx: PublishingContext,
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
  // One signed link per file for the whole build (every robot's links expire at the same moment).
  const expiresIn = Math.max(60, linksExpireAt - nowS);
  const signed = new Map<string, Promise<string>>();
  const signedLink = (key: string) => {
    let link = signed.get(key);
    if (!link) {
      link = ctx.storage.signedDownloadUrl(key, { expiresInSeconds: expiresIn });
      signed.set(key, link);
    }
    return link;
  };
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
    const media: ScheduleMedia[] = await Promise.all(
      mediaList.map(async (m) => ({
        id: m.id,
        kind: m.kind,
        url: await signedLink(m.key),
        expiresAt: nowS + expiresIn,
        size: m.size,
        checksum: m.checksum,
        contentType: contentTypeOf(m.key),
        duration: m.duration,
        width: m.width,
        height: m.height,
      })),
    );
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
