import { newId } from '@robot-ads/contracts/common/ids';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pulledRecord } from '../../../test/audit';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { playEvents } from './play-events.table';

/**
 * Property: the verdicts ingest stores equal a recount from the raw events by the rules as docs/statistics.md
 * states them, written here independently (plain UTC arithmetic: the plan plays 09:00-12:00 Asia/Shanghai,
 * UTC+8 without DST, so 01:00-04:00 UTC; its picture ad lasts 10 s). Random plays and scans, sent in 1-3
 * batches, each batch also re-sent (a re-sent event keeps its first verdict).
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let planId: string;
let adId: string;
let planBegin: number;
let planEnd: number;
const NOW = Date.parse('2026-12-01T00:00:00Z') / 1000;
const DAY = 86_400;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const w = await deliveryWorld(t, 1);
  adId = (await createAd(t, w.adv.token, 1, 'Prop ad')).id;
  const begin = Math.floor(clock.now().getTime() / 1000) + 3600;
  planBegin = begin;
  planEnd = begin + 40 * DAY;
  planId = (
    await createPlan(t, w.adv.token, [adId], {
      begin,
      end: planEnd,
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
    })
  ).id;
  clock.set(new Date(NOW * 1000));
});
afterAll(() => t?.close());

type Ev = { id: string; type: 'play' | 'scan'; startedAt: number; watchDuration?: number };

/** The rules without other plays (docs/statistics.md order; this robot pulled the plan at `pull`). */
function ownReason(e: Ev, pull: number): string | null {
  if (e.startedAt > NOW + 300) return 'future';
  if (e.startedAt < NOW - 30 * DAY) return 'tooOld';
  if (e.startedAt < pull - 60) return 'beforePull';
  if (e.type === 'scan') return null;
  const tod = (((e.startedAt + 8 * 3600) % DAY) + DAY) % DAY;
  const inHours = tod >= 9 * 3600 - 60 && tod < 12 * 3600 + 60;
  if (!(e.startedAt >= planBegin - 60 && e.startedAt < planEnd + 60 && inHours)) return 'outsideSchedule';
  const w = e.watchDuration ?? 0;
  if (w > 10_500) return 'tooLong';
  if (w < 9_500) return 'tooShort';
  return null;
}

const eventArb = fc.record({
  // From 40 days before now to 10 minutes after, dense around the plan's hours of the last days.
  day: fc.integer({ min: -40, max: 0 }),
  second: fc.oneof(fc.integer({ min: 3600 - 120, max: 4 * 3600 + 120 }), fc.integer({ min: 0, max: DAY - 1 })),
  watch: fc.constantFrom(9_000, 9_499, 9_600, 10_000, 10_400, 10_501, 11_000),
  scanEvent: fc.integer({ min: 0, max: 9 }),
});

describe('audit verdicts equal a recount from raw events', () => {
  it('for random plays, scans and batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: -12, max: 0 }),
        async (raw, batchCount, pullDay) => {
          const robot = await createRobot(t, {});
          const pull = NOW + pullDay * DAY;
          await pulledRecord(t, planId, robot.id, new Date(pull * 1000));
          const token = await deviceTokenFor(t, robot.id);
          const events: Ev[] = raw.map((r) => ({
            id: newId(),
            type: r.scanEvent === 0 ? 'scan' : 'play',
            startedAt: Math.min(NOW + 600, Math.floor(NOW / DAY) * DAY + r.day * DAY + r.second),
            ...(r.scanEvent === 0 ? {} : { watchDuration: r.watch }),
          }));
          const size = Math.ceil(events.length / batchCount);
          const batches: Ev[][] = [];
          for (let i = 0; i < events.length; i += size) batches.push(events.slice(i, i + size));

          // The recount: batch by batch, a batch's verified plays in start order (then id) against every
          // verified play so far (ends beyond 1.5 s of overlap).
          const expected = new Map<string, string | null>();
          const busy: { start: number; end: number }[] = [];
          for (const batch of batches) {
            for (const e of batch) expected.set(e.id, ownReason(e, pull));
            const plays = batch
              .filter((e) => e.type === 'play' && expected.get(e.id) === null)
              .sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
            for (const e of plays) {
              const start = e.startedAt * 1000;
              const end = start + (e.watchDuration ?? 0);
              if (busy.some((b) => start < b.end - 1500 && b.start < end - 1500)) expected.set(e.id, 'overlap');
              else busy.push({ start, end });
            }
          }

          for (const batch of batches) {
            const payload = batch.map((e) => ({ ...e, playlistId: planId, adId }));
            const res = await sendEvents(t, token, payload);
            expect(res.statusCode).toBe(200);
            const again = await sendEvents(t, token, payload);
            expect(again.json().data.duplicates).toBe(batch.length);
          }
          const stored = await t.app.ctx.db
            .select({ id: playEvents.id, verdict: playEvents.verdict, reason: playEvents.reason })
            .from(playEvents)
            .where(eq(playEvents.robotRef, robot.id));
          expect(stored).toHaveLength(events.length);
          for (const s of stored) {
            expect(s.reason).toBe(expected.get(s.id));
            expect(s.verdict).toBe(expected.get(s.id) ? 'flagged' : 'verified');
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
