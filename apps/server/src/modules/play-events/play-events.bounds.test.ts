import {
  audienceCeiling,
  plausibleAudience,
  reportedViewers,
} from '@robot-ads/contracts/play-events/play-events.rules';
import { describe, expect, it } from 'vitest';
import { inService, offPeriods } from './play-events.bounds';

/** The pure parts of the bounds (docs/statistics.md, "Bounds on what a robot reports"). */
describe('the audience rule', () => {
  it('scales the sensor ceiling with the play, at least 30', () => {
    expect(audienceCeiling(0)).toBe(30);
    expect(audienceCeiling(10_400)).toBe(31);
    expect(audienceCeiling(15_000)).toBe(45);
    expect(audienceCeiling(20_000)).toBe(60);
  });

  it('takes bands that add up to the viewers, and the bands as viewers for an older device', () => {
    expect(plausibleAudience({ age: { adult: 2 }, male: 1, female: 1, viewers: 2, exposure: 2 }, 10_000)).toBe(true);
    expect(plausibleAudience({ age: { adult: 2 }, male: 2 }, 10_000)).toBe(true);
    expect(reportedViewers({ age: { adult: 2 }, male: 2 })).toBe(2);
    expect(plausibleAudience({ age: { adult: 2 }, male: 3 }, 10_000)).toBe(false);
    expect(plausibleAudience({ exposure: 60, viewers: 1 }, 20_000)).toBe(true);
    expect(plausibleAudience({ exposure: 61, viewers: 1 }, 20_000)).toBe(false);
    expect(plausibleAudience({}, 10_000)).toBe(true);
  });
});

describe('service periods', () => {
  it('reads the recorded changes, the value before the first one, and a change not recorded', () => {
    // Out of use at 100, back at 200, still in use.
    const back = offPeriods(true, [
      { on: false, at: 100 },
      { on: true, at: 200 },
    ]);
    expect(back).toEqual([{ from: 100, to: 200 }]);
    // Out of use at 100 and still.
    expect(offPeriods(false, [{ on: false, at: 100 }])).toEqual([{ from: 100, to: null }]);
    // Activated at 50 (out of service before it).
    expect(offPeriods(true, [{ on: true, at: 50 }])).toEqual([{ from: Number.NEGATIVE_INFINITY, to: 50 }]);
    // Out of service with nothing recorded: always.
    expect(offPeriods(false, [])).toEqual([{ from: Number.NEGATIVE_INFINITY, to: null }]);
    const service = { expireAt: 500, off: back };
    expect([99, 100, 199, 200, 499, 500].map((at) => inService(service, at))).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });
});
