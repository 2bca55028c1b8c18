import { describe, expect, it } from 'vitest';
import { buildLoop, DELIVERY_LIMIT, initialPlaybackState, nextPlay, type PlaybackState } from './play-order.rules';
import type { PlaybackAd, PlaybackPlan } from './playback.types';

const utc = (iso: string) => Date.parse(iso) / 1000;
const NOON = utc('2026-03-10T12:00:00Z');

function ads(prefix: string, n: number, kind: 'picture' | 'video' = 'picture'): PlaybackAd[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, kind, duration: 10 }));
}

function plan(id: string, overrides: Partial<PlaybackPlan> = {}): PlaybackPlan {
  return {
    id,
    priority: 5,
    cycle: { type: 'none', data: [] },
    times: [],
    begin: utc('2026-01-01T00:00:00Z'),
    end: utc('2027-01-01T00:00:00Z'),
    timeZone: 'UTC',
    playingMode: 'order',
    ads: ads(id, 2),
    ...overrides,
  };
}

/** Plays `n` items from `t`, each starting when the previous one ends. */
function run(plans: PlaybackPlan[], n: number, t = NOON, state: PlaybackState = initialPlaybackState(7)) {
  const played: string[] = [];
  let now = t;
  let s = state;
  for (let i = 0; i < n; i++) {
    const r = nextPlay(plans, s, now);
    s = r.state;
    if (!r.play) {
      played.push('-');
      now += 10;
      continue;
    }
    played.push(r.play.ad.id);
    now += r.play.seconds;
  }
  return { played, state: s, now };
}

describe('priority', () => {
  it('gives the whole screen to priority 9', () => {
    const { played } = run([plan('a'), plan('b', { priority: 9 }), plan('c', { priority: 1 })], 6);
    expect(played).toEqual(['b1', 'b2', 'b1', 'b2', 'b1', 'b2']);
  });

  it('fills the slots left of 15 with priority 1 after the priority 5 ads', () => {
    const loop = buildLoop([plan('a', { ads: ads('a', 3) }), plan('f', { priority: 1 })]);
    expect(loop).toHaveLength(15);
    expect(loop.filter((id) => id === 'a')).toHaveLength(3);
    expect(loop.filter((id) => id === 'f')).toHaveLength(12);
  });

  it('plays priority 1 alone when nothing else is active', () => {
    expect(run([plan('f', { priority: 1 })], 3).played).toEqual(['f1', 'f2', 'f1']);
  });
});

describe('play modes', () => {
  it('order plays the ads in list order and restarts each local day', () => {
    const p = plan('a', { ads: ads('a', 3) });
    const first = run([p], 2, utc('2026-03-10T23:59:30Z'));
    expect(first.played).toEqual(['a1', 'a2']);
    const nextDay = run([p], 2, utc('2026-03-11T00:00:30Z'), first.state);
    expect(nextDay.played).toEqual(['a1', 'a2']);
  });

  it('round carries on where it stopped, across days', () => {
    const p = plan('a', { ads: ads('a', 3), playingMode: 'round' });
    const first = run([p], 2, utc('2026-03-10T23:59:30Z'));
    const nextDay = run([p], 2, utc('2026-03-11T00:00:30Z'), first.state);
    expect(nextDay.played).toEqual(['a3', 'a1']);
  });

  it('random plays every ad once before any repeats, and never the same ad twice in a row', () => {
    const p = plan('a', { ads: ads('a', 5), playingMode: 'random' });
    const { played } = run([p], 20);
    for (let round = 0; round < 4; round++) {
      expect(new Set(played.slice(round * 5, round * 5 + 5)).size).toBe(5);
    }
    for (let i = 1; i < played.length; i++) expect(played[i]).not.toBe(played[i - 1]);
  });
});

describe('limits', () => {
  it('stops a plan at its daily count limit and plays it again the next day', () => {
    const p = plan('a', { ads: ads('a', 1), countLimit: 3 });
    const today = run([p], 5);
    expect(today.played).toEqual(['a1', 'a1', 'a1', '-', '-']);
    const tomorrow = run([p], 1, NOON + 86_400, today.state);
    expect(tomorrow.played).toEqual(['a1']);
  });

  it('counts the day in the plan zone, not UTC', () => {
    // 23:00 UTC on the 10th is 08:00 on the 11th in Tokyo: a new day there.
    const p = plan('a', { ads: ads('a', 1), countLimit: 1, timeZone: 'Asia/Tokyo' });
    const evening = run([p], 1, utc('2026-03-10T14:00:00Z'));
    expect(run([p], 1, utc('2026-03-10T15:30:00Z'), evening.state).played).toEqual(['a1']);
  });

  it('never exceeds the delivery limit of 300 plays a day per ad', () => {
    const p = plan('a', { ads: ads('a', 1), countLimit: 1000 });
    const { played } = run([p], 320, utc('2026-03-10T00:00:00Z'));
    expect(played.filter((id) => id === 'a1')).toHaveLength(DELIVERY_LIMIT.playsPerDay);
  });

  it('counts the count limit over all ads of the plan', () => {
    const p = plan('a', { ads: ads('a', 2), countLimit: 3 });
    expect(run([p], 5).played).toEqual(['a1', 'a2', 'a1', '-', '-']);
  });

  it('stops a plan once its daily time limit would be passed', () => {
    const p = plan('a', { ads: [{ id: 'v', kind: 'video', duration: 15 }], timeLimit: 40 });
    expect(run([p], 4).played).toEqual(['v', 'v', '-', '-']);
  });

  it('shows a picture without a duration for 10 seconds', () => {
    const p = plan('a', { ads: [{ id: 'pic', kind: 'picture' }] });
    expect(nextPlay([p], initialPlaybackState(), NOON).play?.seconds).toBe(10);
  });

  it("skips an ad outside its own validity and plays the plan's others", () => {
    const p = plan('a', {
      ads: [
        { id: 'old', kind: 'picture', end: NOON - 1 },
        { id: 'now', kind: 'picture', begin: NOON - 3600, end: NOON + 3600 },
        { id: 'later', kind: 'picture', begin: NOON + 86_400 },
      ],
    });
    expect(run([p], 3).played).toEqual(['now', 'now', 'now']);
  });

  it('gives the slots of an exhausted plan to the others', () => {
    const a = plan('a', { ads: ads('a', 1), countLimit: 1 });
    const b = plan('b', { ads: ads('b', 1) });
    expect(run([a, b], 4).played).toEqual(['a1', 'b1', 'b1', 'b1']);
  });
});
