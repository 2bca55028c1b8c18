import type { DeviceSchedule, ScheduleAd, SchedulePlan } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { initialPlaybackState } from '@robot-ads/contracts/playback/play-order.rules';
import { describe, expect, it } from 'vitest';
import { adNames, heldPlanIds, planMediaIds, playablePlans, upcomingPlays } from './queue';

/** 10:00 in Shanghai on Tuesday 10 March 2026. */
const T0 = Date.UTC(2026, 2, 10, 2, 0) / 1000;
const DAY = 86_400;

const media = (id: string) => ({
  id,
  kind: 'picture' as const,
  url: `https://cdn.example.com/${id}.png?signature=x`,
  expiresAt: T0 + DAY,
  size: 3,
  checksum: null,
  contentType: 'image/png',
  duration: null,
  width: 1080,
  height: 1920,
});

function ad(id: string, mediaIds: string[], extra: Partial<ScheduleAd> = {}): ScheduleAd {
  return {
    id,
    name: `Ad ${id}`,
    kind: 'picture',
    duration: 10,
    begin: T0 - DAY,
    end: T0 + 30 * DAY,
    template: 1,
    screens: mediaIds.map((mediaId) => ({ duration: 10, slots: [{ slot: 1, mediaId }] })),
    qr: null,
    watermark: null,
    ...extra,
  };
}

function plan(id: string, priority: 1 | 5 | 9, ads: ScheduleAd[], extra: Partial<SchedulePlan> = {}): SchedulePlan {
  return {
    id,
    name: `Plan ${id}`,
    priority,
    cycle: { type: 'daily', data: [] },
    times: [],
    begin: T0 - DAY,
    end: T0 + 30 * DAY,
    timeZone: 'Asia/Shanghai',
    playingMode: 'order',
    countLimit: null,
    timeLimit: null,
    pauses: [],
    ads,
    windows: [],
    ...extra,
  };
}

function schedule(plans: SchedulePlan[], mediaIds: string[]): DeviceSchedule {
  return {
    version: 'v1',
    robotId: 'RSZ1001',
    from: T0 - 10 * 3600,
    until: T0 + 3 * DAY,
    serverTime: T0,
    template: 1,
    screenRatio: '1080_1920',
    pollInterval: 60,
    pollJitter: 0.2,
    plans,
    media: mediaIds.map(media),
    shootTasks: [],
  };
}

/** Coffee (priority 5, two ads), Filler (priority 1) and Breakfast (priority 5, 08:00-09:00 only). */
const demo = schedule(
  [
    plan('coffee', 5, [
      ad('latte', ['m-latte'], { qr: { mediaId: 'm-qr', position: 'lowerRight' } }),
      ad('mocha', ['m-mocha']),
    ]),
    plan('filler', 1, [ad('logo', ['m-logo'], { watermark: { mediaId: 'm-mark', position: 'upperLeft' } })]),
    plan('breakfast', 5, [ad('bagel', ['m-bagel'])], {
      times: [{ begin: { hour: 8, minute: 0 }, end: { hour: 9, minute: 0 } }],
    }),
  ],
  ['m-latte', 'm-qr', 'm-mocha', 'm-logo', 'm-mark', 'm-bagel'],
);
const ALL = new Set(demo.media.map((m) => m.id));
const names = adNames(demo);
const queue = (ready: ReadonlySet<string>, at: number, n = 15) =>
  upcomingPlays(playablePlans(demo, ready), initialPlaybackState(7), at, n, names);

describe('the player queue', () => {
  it('gives each priority 5 ad one slot of every 15 and fills the rest with priority 1', () => {
    const plays = queue(ALL, T0, 17).map((e) => e.adId);
    expect(plays.slice(0, 15).filter((id) => id === 'latte')).toHaveLength(1);
    expect(plays.slice(0, 15).filter((id) => id === 'mocha')).toHaveLength(1);
    expect(plays.slice(0, 15).filter((id) => id === 'logo')).toHaveLength(13);
    // The next loop starts over with the priority 5 ads, in the plan's order.
    expect(plays.slice(15)).toEqual(['latte', 'mocha']);
  });

  it('plays a plan only within its daily hours, in the plan zone', () => {
    expect(queue(ALL, T0).some((e) => e.planId === 'breakfast')).toBe(false);
    const at0830 = T0 - 90 * 60;
    const plays = queue(ALL, at0830);
    expect(plays.filter((e) => e.adId === 'bagel')).toHaveLength(1);
    expect(plays.filter((e) => e.planId === 'coffee')).toHaveLength(2);
  });

  it('names each queued play by its ad', () => {
    expect(queue(ALL, T0, 2)).toEqual([
      { planId: 'coffee', adId: 'latte', name: 'Ad latte' },
      { planId: 'coffee', adId: 'mocha', name: 'Ad mocha' },
    ]);
  });

  it('gives the whole screen to a priority 9 plan while it plays', () => {
    const urgent = schedule([...demo.plans, plan('urgent', 9, [ad('alert', ['m-alert'])])], [...ALL, 'm-alert']);
    const plays = upcomingPlays(
      playablePlans(urgent, new Set([...ALL, 'm-alert'])),
      initialPlaybackState(7),
      T0,
      15,
      adNames(urgent),
    );
    expect(plays.every((e) => e.adId === 'alert')).toBe(true);
  });

  it('plays only ads whose files, QR code and watermark included, are all held', () => {
    // The QR code of "latte" is missing: latte waits, mocha plays.
    const withoutQr = new Set([...ALL].filter((id) => id !== 'm-qr'));
    const coffee = playablePlans(demo, withoutQr).find((p) => p.id === 'coffee');
    expect(coffee?.ads.map((a) => a.id)).toEqual(['mocha']);
    expect(queue(withoutQr, T0).some((e) => e.adId === 'latte')).toBe(false);
    // Without its watermark the filler has no ad left and leaves the queue.
    const withoutMark = new Set([...ALL].filter((id) => id !== 'm-mark'));
    expect(playablePlans(demo, withoutMark).map((p) => p.id)).toEqual(['coffee', 'breakfast']);
    expect(queue(new Set(), T0)).toEqual([]);
  });

  it('carries the held files and the overlays to the screen', () => {
    const [coffee] = playablePlans(demo, ALL);
    const latte = coffee?.ads[0];
    expect(latte?.screens).toEqual([{ seconds: 10, slots: [{ slot: 1, media: media('m-latte') }] }]);
    expect(latte?.overlays).toEqual([{ media: media('m-qr'), position: 'lowerRight', role: 'qr' }]);
  });

  it('acknowledges only the plans whose files are all held', () => {
    expect(planMediaIds(demo, 'coffee').sort()).toEqual(['m-latte', 'm-mocha', 'm-qr']);
    expect(heldPlanIds(demo, ALL)).toEqual(['coffee', 'filler', 'breakfast']);
    expect(heldPlanIds(demo, new Set(['m-latte', 'm-mocha', 'm-bagel']))).toEqual(['breakfast']);
    expect(heldPlanIds(demo, new Set())).toEqual([]);
  });
});
