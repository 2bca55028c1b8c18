import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { DELIVERY_LIMIT } from '@robot-ads/contracts/playback/play-order.rules';
import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import type { Seeder } from '../../platform/seeding';
import { adIdsOfPlans, plansByIds } from '../playlists/playlists.queries';
import { pulledRecords } from '../publishing/publishing.seed';
import { planScheduleOf } from '../schedules/schedules.service';
import { addToRollups, insertEvents } from './play-events.repository';
import { rollupDeltas } from './play-events.service';

/** A demo robot plays a plan's next ad every 4 minutes while the plan is on (about 100 plays a day). */
const PLAY_EVERY_S = 240;

/** A small deterministic generator, so every demo database reports the same audience. */
function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/**
 * Demo proof of play: every device that pulled a demo plan reports what it played since the pull (until
 * now or the cancellation), inside the plan's days and periods in its time zone, with the audience its
 * camera counted (seen, looked, dwell) and how long they watched. Stored and rolled up exactly as a device's report is.
 */
export const playEventsSeeder: Seeder = {
  name: 'play-events',
  async run(tx, { now }) {
    const records = await pulledRecords(tx);
    if (records.length === 0) return;
    const planIds = [...new Set(records.map((r) => r.playlistId))];
    const plans = new Map((await plansByIds(tx, planIds)).map((p) => [p.id, p]));
    const adsOfPlans = await adIdsOfPlans(tx, planIds);
    const nowS = Math.floor(now.getTime() / 1000);

    for (const [index, record] of records.entries()) {
      const plan = plans.get(record.playlistId);
      const adIds = adsOfPlans.get(record.playlistId) ?? [];
      if (!plan || !record.pullAt || adIds.length === 0) continue;
      const from = Math.floor(record.pullAt.getTime() / 1000);
      const to = Math.min(nowS, record.cancelledAt ? Math.floor(record.cancelledAt.getTime() / 1000) : nowS);
      if (to <= from) continue;
      const random = generator(index + 1);
      const schedule = { ...planScheduleOf(plan), cancelled: false };
      const events: DeviceEvent[] = [];
      const perDay = new Map<string, number>();
      let next = 0;
      for (const interval of activeIntervals(schedule, from, to)) {
        for (let at = interval.start + random(PLAY_EVERY_S); at < interval.end; at += PLAY_EVERY_S) {
          const adId = adIds[next++ % adIds.length] as string;
          const day = `${adId}|${Math.floor(at / 86_400)}`;
          if ((perDay.get(day) ?? 0) >= DELIVERY_LIMIT.playsPerDay) continue;
          perDay.set(day, (perDay.get(day) ?? 0) + 1);
          const watchers = random(5);
          const band = (['youth', 'adult', 'middle'] as const)[random(3)] ?? 'adult';
          const male = random(watchers + 1);
          const viewers = random(watchers + 1);
          events.push({
            id: newId(),
            type: 'play',
            playlistId: plan.id,
            adId,
            startedAt: at,
            watchDuration: watchers > 0 ? watchers * (2000 + random(8000)) : 0,
            audience:
              watchers > 0
                ? {
                    age: { [band]: watchers },
                    male,
                    female: watchers - male,
                    exposure: watchers + random(6),
                    viewers,
                    dwellMs: viewers * (1500 + random(6000)),
                  }
                : undefined,
          });
          if (watchers > 2 && random(4) === 0) {
            events.push({ id: newId(), type: 'scan', playlistId: plan.id, adId, startedAt: at + 3 });
          }
        }
      }
      const received = new Date(Math.min(now.getTime(), (to + 60) * 1000));
      await insertEvents(tx, record.robotRef, events, received);
      await addToRollups(tx, rollupDeltas(record.robotRef, events));
    }
  },
};
