import type { DeviceSchedule, ScheduleMedia } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { nextPlay, type PlaybackState } from '@robot-ads/contracts/playback/play-order.rules';
import type { PlaybackAd, PlaybackPlan } from '@robot-ads/contracts/playback/playback.types';
import type { Item } from './screen';

/**
 * The player's queue: which plans and ads of a schedule may play with the files held, and what the
 * engine plays next. Pure (no browser API), so the player and its tests share it.
 */

export interface PlayerAd extends PlaybackAd {
  template: number;
  screens: { seconds: number; slots: { slot: number; media: ScheduleMedia }[] }[];
  overlays: {
    media: ScheduleMedia;
    position: Item['overlays'][number]['position'];
    role: 'qr' | 'watermark';
    /** A QR code with a target: the tracking address drawn in place of the picture. */
    link?: string;
  }[];
}

export interface QueueEntry {
  planId: string;
  adId: string;
  name: string;
}

type ScheduleAd = DeviceSchedule['plans'][number]['ads'][number];

/** Every file an ad needs on screen: its slots' materials, its QR code and its watermark. */
function adMediaIds(ad: ScheduleAd): string[] {
  return [
    ...ad.screens.flatMap((sc) => sc.slots.map((s) => s.mediaId)),
    ...(ad.qr ? [ad.qr.mediaId] : []),
    ...(ad.watermark ? [ad.watermark.mediaId] : []),
  ];
}

/** Every file a plan of the schedule needs (empty for a plan not in it). */
export function planMediaIds(schedule: DeviceSchedule | null, planId: string): string[] {
  const plan = schedule?.plans.find((p) => p.id === planId);
  return plan ? plan.ads.flatMap(adMediaIds) : [];
}

/** The plans whose files are all held: the ones the player acknowledges. */
export function heldPlanIds(schedule: DeviceSchedule, ready: ReadonlySet<string>): string[] {
  return schedule.plans.filter((p) => planMediaIds(schedule, p.id).every((id) => ready.has(id))).map((p) => p.id);
}

/** The plans for the engine, with only the ads whose files are all held (`ready`, by material id). */
export function playablePlans(schedule: DeviceSchedule | null, ready: ReadonlySet<string>): PlaybackPlan<PlayerAd>[] {
  if (!schedule) return [];
  const byId = new Map(schedule.media.map((m) => [m.id, m]));
  const out: PlaybackPlan<PlayerAd>[] = [];
  for (const plan of schedule.plans) {
    const ads: PlayerAd[] = [];
    for (const ad of plan.ads) {
      const playable = ad.screens.length > 0 && ad.screens.every((sc) => sc.slots.length > 0);
      if (!playable || !adMediaIds(ad).every((id) => ready.has(id) && byId.has(id))) continue;
      ads.push({
        id: ad.id,
        kind: ad.kind,
        duration: ad.duration,
        begin: ad.begin,
        end: ad.end,
        template: ad.template,
        screens: ad.screens.map((sc) => ({
          seconds: sc.duration,
          slots: sc.slots.map((s) => ({ slot: s.slot, media: byId.get(s.mediaId) as ScheduleMedia })),
        })),
        overlays: [
          ...(ad.qr
            ? [
                {
                  media: byId.get(ad.qr.mediaId) as ScheduleMedia,
                  position: ad.qr.position,
                  role: 'qr' as const,
                  ...(ad.qr.link ? { link: ad.qr.link } : {}),
                },
              ]
            : []),
          ...(ad.watermark
            ? [
                {
                  media: byId.get(ad.watermark.mediaId) as ScheduleMedia,
                  position: ad.watermark.position,
                  role: 'watermark' as const,
                },
              ]
            : []),
        ],
      });
    }
    if (ads.length > 0) out.push({ ...plan, ads });
  }
  return out;
}

/** Ad names by `planId/adId`, for the status overlay. */
export function adNames(schedule: DeviceSchedule): Map<string, string> {
  return new Map(schedule.plans.flatMap((p) => p.ads.map((a) => [`${p.id}/${a.id}`, a.name] as const)));
}

/** The next `n` plays as the engine would choose them from instant `now`; changes nothing. */
export function upcomingPlays(
  plans: PlaybackPlan<PlayerAd>[],
  state: PlaybackState,
  now: number,
  n: number,
  names: ReadonlyMap<string, string>,
): QueueEntry[] {
  let current = state;
  let t = now;
  const out: QueueEntry[] = [];
  for (let i = 0; i < n; i++) {
    const r = nextPlay(plans, current, t);
    if (!r.play) break;
    current = r.state;
    t += r.play.seconds;
    out.push({
      planId: r.play.plan.id,
      adId: r.play.ad.id,
      name: names.get(`${r.play.plan.id}/${r.play.ad.id}`) ?? r.play.ad.id,
    });
  }
  return out;
}
