import { startOfDayAt } from '@robot-ads/contracts/playback/zoned-time';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { seedDemo } from '../../db/seed/seed';
import { playFlagRollups, playPlanCalendarRollups, playRollups } from '../play-events/play-events.table';
import { pulledRecords } from '../publishing/publishing.seed';

let t: TestApp;

// Seeding every module (with real media files) takes a while on a busy machine.
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
}, 240_000);
afterAll(() => t.close());

const get = async (url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();

describe('demo delivery data', () => {
  it('gives Lucky Coffee plans in every state and publish records', async () => {
    const adv = await login(t, 'adv', 'Robot@2026', 'advertiser');
    const plans = (await get('/api/Playlists/queryByPage_v3?start=0&limit=50', adv)).datas as Array<{
      name: string;
      deliveryStatus: string;
      lowPullRate: boolean;
      planPullNumber: number;
    }>;
    const status = Object.fromEntries(plans.map((p) => [p.name, p.deliveryStatus]));
    expect(status).toMatchObject({
      'Latte Week': 'live',
      'Brand Year': 'live',
      'Split Autumn': 'notStarted',
      'Cold Brew Launch': 'pendingReview',
      'Too Dark Promo': 'notDelivered',
      'Summer Promo': 'cancelled',
      'Draft Ideas': 'notDelivered',
    });
    expect(plans.find((p) => p.name === 'Spot Weekends')?.lowPullRate).toBe(true);
    expect(plans.find((p) => p.name === 'Latte Week')?.planPullNumber).toBe(6);
  });

  it('has applications waiting for the property owner and for the operators', async () => {
    const owner = await login(t, 'owner', 'Robot@2026', 'operator');
    const todo = await get('/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=20', owner);
    expect(todo.total).toBeGreaterThanOrEqual(2);
    const root = await login(t, 'root', 'Robot@2026', 'operator');
    const ops = await get('/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=20', root);
    expect(ops.datas.map((a: { playlist: { name: string } }) => a.playlist.name)).toEqual(
      expect.arrayContaining(['Cold Brew Launch', 'Mocha Monthly', 'Harbour Hello']),
    );
  });
});

describe('demo proof of play', () => {
  it('shows what the devices that pulled a demo plan played, inside its hours, in the consumption report', async () => {
    const root = await login(t, 'root', 'Robot@2026', 'operator');
    const plans = (await get('/api/Playlists/queryByPage_v3?start=0&limit=50', root)).datas as Array<{
      id: string;
      name: string;
    }>;
    const id = (name: string) => plans.find((p) => p.name === name)?.id;
    const consume = async (name: string) =>
      (await get(`/api/Publishes/consume?playListId=${id(name)}&start=0&limit=-1`, root)).datas as Array<{
        robotId: string;
        plays: number;
        watchDuration: number;
        lastPlayTime: number | null;
      }>;

    // Latte Week: 5 of its 6 devices pulled it two days ago; it plays 08:00-11:00 and 17:00-21:00 Shanghai time.
    const live = await consume('Latte Week');
    const played = live.filter((r) => r.plays > 0);
    expect(played).toHaveLength(5);
    for (const r of played) {
      expect(r.plays).toBeLessThanOrEqual(2 * 300 + 300);
      expect(r.watchDuration).toBeGreaterThan(0);
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(
          new Date((r.lastPlayTime as number) * 1000),
        ),
      );
      expect([8, 9, 10, 17, 18, 19, 20]).toContain(hour);
    }
    // Summer Promo played for ten days before its cancellation.
    const over = await consume('Summer Promo');
    expect(over.filter((r) => r.plays > 0)).toHaveLength(2);
    expect(Math.min(...over.map((r) => r.plays))).toBeGreaterThan(played[0]?.plays ?? 0);
  });
});

describe('a year of demo history', () => {
  type Figures = Record<'plays' | 'watchDuration' | 'exposure' | 'exposureSense' | 'viewers' | 'scans', number>;
  type Series = { begin: number; end: number; points: Array<Figures & { label: string }>; total: Figures };
  const FIGURES = ['plays', 'watchDuration', 'exposure', 'exposureSense', 'viewers', 'scans'] as const;
  const sumOf = (points: Figures[]) =>
    Object.fromEntries(FIGURES.map((k) => [k, points.reduce((n, p) => n + p[k], 0)])) as Figures;
  const pick = (f: Figures) => Object.fromEntries(FIGURES.map((k) => [k, f[k]])) as Figures;
  /** The id of the demo plan "Brand Year", as this account lists it. */
  const brandYear = async (token: string) => {
    const plans = (await get('/api/Playlists/queryByPage_v3?start=0&limit=50&name=Brand', token)).datas as Array<{
      id: string;
      name: string;
    }>;
    const id = plans.find((p) => p.name === 'Brand Year')?.id;
    expect(id).toBeTruthy();
    return id as string;
  };

  it('shows the demo advertiser figures in each of the last 12 months of "Brand Year", the same in months, weeks, days and totals', async () => {
    const adv = await login(t, 'adv', 'Robot@2026', 'advertiser');
    const id = await brandYear(adv);

    const months = (await get(`/api/Advertisements/statisticsMonthByPlaylistId?playlistId=${id}`, adv)).data as Series;
    expect(months.points).toHaveLength(12);
    // The current month has plays once its first 10:00 in Shanghai (the plan's first hour) has passed.
    const shanghai = new Date(Date.now() + 8 * 3_600_000);
    const started = shanghai.getUTCDate() > 1 || shanghai.getUTCHours() >= 11;
    for (const m of started ? months.points : months.points.slice(0, 11)) {
      expect(m.plays, m.label).toBeGreaterThan(0);
      expect(m.exposure, m.label).toBeGreaterThan(0);
      expect(m.watchDuration, m.label).toBeGreaterThan(0);
    }
    expect(sumOf(months.points)).toEqual(pick(months.total));
    const range = `playlistId=${id}&begin=${months.begin}&end=${months.end}`;
    for (const unit of ['Days', 'Week'] as const) {
      const series = (await get(`/api/Advertisements/statistics${unit}ByPlaylistId?${range}`, adv)).data as Series;
      expect(sumOf(series.points)).toEqual(pick(months.total));
      expect(pick(series.total)).toEqual(pick(months.total));
    }
    const total = (await get(`/api/Statis/queryAdPlay_adList_total?${range}`, adv)).data as Figures;
    expect(pick(total)).toEqual(pick(months.total));
    // The customer's board shows the year too.
    const board = (await get('/api/Advertisements/statisticsMonthByClientId', adv)).data as Series;
    expect(board.points.slice(0, 11).every((m) => m.plays > 0)).toBe(true);
  });

  it("has no play before a pull, plays only in the plan's hours, and day and month rows that sum its quarter rows", async () => {
    const db = t.app.ctx.db;
    const id = await brandYear(await login(t, 'root', 'Robot@2026', 'operator'));
    const pulls = (await pulledRecords(db)).filter((r) => r.playlistId === id);
    expect(pulls).toHaveLength(4);
    for (const r of pulls) {
      const [first] = await db
        .select({ at: sql<Date | string>`min(${playRollups.quarter})` })
        .from(playRollups)
        .where(and(eq(playRollups.playlistId, id), eq(playRollups.robotRef, r.robotRef)));
      expect(new Date(first?.at as Date).getTime()).toBeGreaterThanOrEqual(r.pullAt?.getTime() as number);
      // A year ago: the history reaches back to the pull (within its first day).
      expect(new Date(first?.at as Date).getTime() - (r.pullAt?.getTime() as number)).toBeLessThan(86_400_000);
    }
    const hours = await db
      .selectDistinct({
        hour: sql<number>`extract(hour from ${playRollups.quarter} at time zone 'Asia/Shanghai')::int`,
      })
      .from(playRollups)
      // Plays: a scan comes 3 s after its play, so a play begun in the last seconds of 12:59 puts a row with
      // a scan and no play in the quarter of 13:00 (the test failed on the days the draw did that).
      .where(and(eq(playRollups.playlistId, id), gt(playRollups.plays, 0)));
    // Only in its hours. Alone on its robots, the engine plays its two ads back to back from 10:00 until each
    // has its 300 plays of the day (about 11:40): the evening period gets none (docs/statistics.md).
    const played = hours.map((h) => h.hour).sort((a, b) => a - b);
    expect(played).toContain(10);
    for (const h of played) expect([10, 11, 12, 17, 18, 19, 20]).toContain(h);

    const figures = (row: { plays: number; watch: number } | undefined) => ({
      plays: Number(row?.plays),
      watch: Number(row?.watch),
    });
    const q = playRollups;
    const [quarters] = await db
      .select({ plays: sql<number>`sum(${q.plays})::int`, watch: sql<number>`sum(${q.watchMs})::bigint` })
      .from(q)
      .where(eq(q.playlistId, id));
    expect(figures(quarters).plays).toBeGreaterThan(4 * 300 * 20);
    const c = playPlanCalendarRollups;
    for (const period of ['day', 'month'] as const) {
      const [calendar] = await db
        .select({ plays: sql<number>`sum(${c.plays})::int`, watch: sql<number>`sum(${c.watchMs})::bigint` })
        .from(c)
        .where(and(eq(c.playlistId, id), eq(c.period, period)));
      expect(figures(calendar), period).toEqual(figures(quarters));
    }
  });
});

describe('demo flagged plays', () => {
  it('shows a skewed clock, a replayed log and overlapping plays in the proof-of-play report with their reasons', async () => {
    const rows = await t.app.ctx.db
      .select({ playlistId: playFlagRollups.playlistId, reason: playFlagRollups.reason })
      .from(playFlagRollups);
    expect(new Set(rows.map((r) => r.reason))).toEqual(new Set(['future', 'tooOld', 'overlap']));
    const op = await login(t, 'root', 'Robot@2026', 'operator');
    const nowS = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
    const range = `begin=${nowS - 50 * 86_400}&end=${nowS + 86_400}`;
    const reasons: Record<string, number> = {};
    let verified = 0;
    for (const planId of new Set(rows.map((r) => r.playlistId))) {
      const report = await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${range}`, op);
      expect(report.success).toBe(true);
      verified += report.data.total.verified;
      for (const [k, n] of Object.entries(report.data.total.reasons as Record<string, number>))
        reasons[k] = (reasons[k] ?? 0) + n;
      expect(report.data.total.verifiedShare).toBeLessThan(100);
    }
    expect(reasons).toEqual({ future: 20, tooOld: 24, overlap: 6 });
    expect(verified).toBeGreaterThan(0);
  });

  it('reads at least 97 % delivered on every full demo day of every pulled plan, never above 100 %, and today up to now', async () => {
    const op = await login(t, 'root', 'Robot@2026', 'operator');
    const zone = t.app.ctx.config.TIME_ZONE;
    const nowS = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
    const today = startOfDayAt(nowS, zone);
    const range = `begin=${startOfDayAt(today - 40 * 86_400, zone)}&end=${today}`;
    const planIds = new Set((await pulledRecords(t.app.ctx.db)).map((r) => r.playlistId));
    let rows = 0;
    for (const planId of planIds) {
      const report = await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${range}`, op);
      expect(report.success).toBe(true);
      expect(report.data.countedTo, 'whole days only').toBeUndefined();
      for (const r of report.data.rows as { scheduledPlays: number; verified: number; day: string }[]) {
        if (r.scheduledPlays === 0) continue;
        rows++;
        // The deliberately flagged plays (future, tooOld, overlap) are extra plays: they take nothing away.
        expect(r.verified / r.scheduledPlays, `${planId} ${r.day}`).toBeGreaterThanOrEqual(0.97);
        expect(r.verified, `${planId} ${r.day}`).toBeLessThanOrEqual(r.scheduledPlays);
      }
      const partial = await get(
        `/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&begin=${today}&end=${today + 86_400}`,
        op,
      );
      expect(partial.data.countedTo).toBeGreaterThanOrEqual(nowS);
      expect(partial.data.countedTo).toBeLessThan(nowS + 600);
      expect(partial.data.total.verified).toBeLessThanOrEqual(partial.data.total.scheduledPlays);
    }
    expect(rows).toBeGreaterThan(30);
  });
});
