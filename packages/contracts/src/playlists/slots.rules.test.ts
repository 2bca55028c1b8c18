import { describe, expect, it } from 'vitest';
import {
  DEVICE_SLOTS,
  fitsOnDevice,
  freeMaterials,
  isCharged,
  planSlots,
  remainingSlots,
  usedSlots,
} from './slots.rules';

describe('slot accounting', () => {
  it('a device has 15 slots; priority 1 takes none, 9 takes all, 5 the sum of its materials', () => {
    expect(DEVICE_SLOTS).toBe(15);
    expect(planSlots({ priority: 1, materials: 7 })).toBe(0);
    expect(planSlots({ priority: 9, materials: 1 })).toBe(15);
    expect(planSlots({ priority: 5, materials: 4 })).toBe(4);
  });

  it('fits exactly at 15 and refuses one slot beyond', () => {
    expect(fitsOnDevice(11, { priority: 5, materials: 4 })).toBe(true);
    expect(fitsOnDevice(12, { priority: 5, materials: 4 })).toBe(false);
    expect(fitsOnDevice(0, { priority: 9, materials: 1 })).toBe(true);
    expect(fitsOnDevice(1, { priority: 9, materials: 1 })).toBe(false);
    expect(fitsOnDevice(15, { priority: 1, materials: 10 })).toBe(true);
    expect(fitsOnDevice(16, { priority: 1, materials: 10 })).toBe(false);
  });

  it('remaining slots are 15 minus used, never below 0', () => {
    expect(
      remainingSlots(
        usedSlots([
          { priority: 5, materials: 3 },
          { priority: 1, materials: 5 },
        ]),
      ),
    ).toBe(12);
    expect(
      remainingSlots(
        usedSlots([
          { priority: 9, materials: 1 },
          { priority: 5, materials: 2 },
        ]),
      ),
    ).toBe(0);
  });

  it('charges beyond 1 free material on a trial device and 3 on a leased one', () => {
    expect(freeMaterials('trial')).toBe(1);
    expect(freeMaterials('rental')).toBe(3);
    expect(isCharged('trial', 0, 1)).toBe(false);
    expect(isCharged('trial', 1, 1)).toBe(true);
    expect(isCharged('rental', 1, 2)).toBe(false);
    expect(isCharged('rental', 2, 2)).toBe(true);
    expect(isCharged('sales', 14, 1)).toBe(false);
  });
});
