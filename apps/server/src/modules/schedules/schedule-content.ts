import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import type { ScheduleAd, ScheduleOverlay, ScheduleQr } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { PlanSchedule } from '@robot-ads/contracts/playback/playback.types';
import type { ResourceDto } from '@robot-ads/contracts/resources/resources.schemas';
import { isOverlayPicture } from '../ads/ads.service';
import type { MediaRow } from '../media/media.queries';
import type { PlaylistRow } from '../playlists/playlists.queries';

/* What a schedule says of a plan, an ad and its files (the device protocol's shapes). */

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
};

export function contentTypeOf(key: string): string | null {
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

export interface MediaFacts {
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
export function scheduleAdOf(
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
