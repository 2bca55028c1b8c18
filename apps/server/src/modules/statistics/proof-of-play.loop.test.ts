import { describe, expect, it } from 'vitest';
import { deliveredPercent, planLoop, scheduledPlays } from './proof-of-play.loop';

const plan = (over: { priority?: number; countLimit?: number | null; timeLimit?: number | null } = {}) => ({
  priority: 5,
  countLimit: null,
  timeLimit: null,
  ...over,
});

describe('scheduled plays from the scheduled minutes and the plan loop', () => {
  it('gives a priority 5 plan one slot per ad in a loop of 15 slots of 10 s', () => {
    // One picture: 10 s of 150 s; 3 hours hold 72 plays.
    expect(scheduledPlays(180, planLoop(plan(), [10_000]))).toBe(72);
    // Three ads, one a 15 s video: 35 s + 12 x 10 s = 155 s a loop, 3 plays each: 60 min hold 69 plays.
    expect(scheduledPlays(60, planLoop(plan(), [10_000, 15_000, 10_000]))).toBe(69);
    // An ad without playable material counts as a 10 s play.
    expect(scheduledPlays(180, planLoop(plan(), [null]))).toBe(72);
  });

  it('gives a priority 9 plan the whole screen, its ads one after the other', () => {
    expect(scheduledPlays(10, planLoop(plan({ priority: 9 }), [10_000, 20_000]))).toBe(40);
  });

  it("caps a day at 300 plays an ad and at the plan's count and time limits", () => {
    expect(scheduledPlays(1440, planLoop(plan({ priority: 9 }), [10_000]))).toBe(300);
    expect(scheduledPlays(180, planLoop(plan({ countLimit: 50 }), [10_000]))).toBe(50);
    // 600 s a day of a 10 s ad: 60 plays.
    expect(scheduledPlays(1440, planLoop(plan({ timeLimit: 600 }), [10_000]))).toBe(60);
  });

  it('has no scheduled plays without minutes or ads, and then no delivered percentage', () => {
    expect(scheduledPlays(0, planLoop(plan(), [10_000]))).toBe(0);
    expect(scheduledPlays(180, planLoop(plan(), []))).toBe(0);
    expect(deliveredPercent(3, 0)).toBeNull();
    expect(deliveredPercent(3, 72)).toBe(4.17);
    expect(deliveredPercent(80, 72)).toBe(111.11);
  });
});
