/**
 * What a simulated robot's sensors count during one play (docs/statistics.md, measures): the people who
 * had the screen in view (`exposure`), each one's age band and sex, those who looked at the screen
 * (`viewers`) and how long they looked (`dwellMs`). Foot traffic follows the local hour (quiet at night,
 * peaks at lunch and in the early evening) and grows with the length of the play; a seeded generator
 * makes a run repeatable (`npm run simulate -- --seed`).
 */

import { AGE_BANDS, type AgeBand } from '@robot-ads/contracts/play-events/play-events.rules';
import type { Audience } from '@robot-ads/contracts/play-events/play-events.schemas';
import { nextRandom } from '@robot-ads/contracts/playback/play-order.rules';

/** A number in [0, 1). */
export type Random = () => number;

/** A repeatable generator (mulberry32, as the playback engine's shuffles). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    const r = nextRandom(state);
    state = r.seed;
    return r.value;
  };
}

/** Share of the busiest hour's passers-by at each local hour, 00 to 23. */
export const FOOT_TRAFFIC = [
  0.05, 0.03, 0.02, 0.02, 0.02, 0.05, 0.15, 0.4, 0.7, 0.6, 0.6, 0.8, 1, 0.9, 0.6, 0.55, 0.6, 0.75, 0.95, 1, 0.85, 0.6,
  0.3, 0.1,
] as const;

/** Share of each age band among passers-by (a shopping street). */
const AGE_MIX: ReadonlyArray<readonly [AgeBand, number]> = [
  ['child', 0.1],
  ['youth', 0.25],
  ['adult', 0.35],
  ['middle', 0.2],
  ['senior', 0.1],
];

/** People in view during a 10 s play at the busiest hour, at most. */
const PEAK_CROWD = 8;
/** Chance that a person in view looks at the screen. */
const LOOK_CHANCE = 0.4;

function band(random: Random): AgeBand {
  let x = random();
  for (const [name, share] of AGE_MIX) {
    if (x < share) return name;
    x -= share;
  }
  return 'adult';
}

/**
 * The audience of a play of `seconds` at local hour `hour`: every viewer (a person in view who looks at the
 * screen) gets an age band and a sex, as a camera classifies the faces it sees, so the bands and the sexes
 * each sum to `viewers` (the audit's audience rule, docs/statistics.md); a viewer looks for 0.5 s up to the
 * whole play.
 */
export function sensedAudience(random: Random, seconds: number, hour: number): Audience {
  const traffic = FOOT_TRAFFIC[((hour % 24) + 24) % 24] ?? 0.5;
  const crowd = PEAK_CROWD * traffic * Math.sqrt(Math.max(seconds, 1) / 10);
  const exposure = Math.floor(random() * (2 * crowd + 1));
  const age: Partial<Record<AgeBand, number>> = {};
  let male = 0;
  let viewers = 0;
  let dwellMs = 0;
  for (let i = 0; i < exposure; i++) {
    const b = band(random);
    const isMale = random() < 0.5;
    if (random() < LOOK_CHANCE) {
      age[b] = (age[b] ?? 0) + 1;
      if (isMale) male++;
      viewers++;
      dwellMs += 500 + Math.floor(random() * Math.max(0, seconds * 1000 - 500));
    }
  }
  const ordered = Object.fromEntries(AGE_BANDS.filter((b) => age[b]).map((b) => [b, age[b]]));
  return { age: ordered, male, female: viewers - male, exposure, viewers, dwellMs };
}
