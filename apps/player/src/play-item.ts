import type { PlaybackState } from '@robot-ads/contracts/playback/play-order.rules';
import type { PlaybackPlan } from '@robot-ads/contracts/playback/playback.types';
import * as media from './media-cache';
import { qrImageUrl, trackingAddress } from './qr';
import type { PlayerAd } from './queue';
import type { Item, Prepared } from './screen';

/** An item loaded in the hidden layer, ready to swap in. */
export interface Pending {
  prepared: Prepared;
  urls: string[];
  /** The engine state to commit when it shows (the first screen of a play), else null. */
  state: PlaybackState | null;
  version: string | null;
  /** The screens of the same play still to show after this one. */
  rest: { plan: PlaybackPlan<PlayerAd>; ad: PlayerAd; screens: number[] } | null;
}

/** Object URLs and the screen item for screen `index` of an ad; null when a file is missing. */
export async function toItem(
  plan: PlaybackPlan<PlayerAd>,
  ad: PlayerAd,
  index: number,
): Promise<{ item: Item; urls: string[] } | null> {
  const screen = ad.screens[index];
  if (!screen) return null;
  const urls: string[] = [];
  const slots: Item['slots'] = [];
  const overlays: Item['overlays'] = [];
  for (const s of screen.slots) {
    const url = await media.objectUrl(s.media);
    if (!url) {
      for (const u of urls) URL.revokeObjectURL(u);
      return null;
    }
    urls.push(url);
    slots.push({ slot: s.slot, kind: s.media.kind, url });
  }
  for (const o of ad.overlays) {
    if (o.link) {
      // A QR code with a target: the tracking address of this robot, plan and ad, drawn here.
      const link = trackingAddress(o.link, location.href);
      overlays.push({ url: qrImageUrl(link), position: o.position, role: o.role, link });
      continue;
    }
    const url = await media.objectUrl(o.media);
    if (!url) continue;
    urls.push(url);
    overlays.push({ url, position: o.position, role: o.role });
  }
  const seconds = screen.seconds > 0 ? screen.seconds : 10;
  return { item: { planId: plan.id, adId: ad.id, template: ad.template, slots, overlays, seconds }, urls };
}

/** The screen's size from the schedule's ratio (`1080_1920`), portrait full HD when unreadable. */
export function parseRatio(ratio: string): [number, number] {
  const [w, h] = ratio.split('_').map(Number);
  return [w && w > 0 ? w : 1080, h && h > 0 ? h : 1920];
}
