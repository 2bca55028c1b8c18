/*
 * Slot accounting (spec section 9): the one rule, shared by the server (publishing refuses a device
 * without room), the web (remaining slots shown) and the bench.
 */

/** Every device has 15 ad slots. */
export const DEVICE_SLOTS = 15;

/** Free materials per device by sales type; beyond them the plan is charged. */
export const FREE_MATERIALS = { trial: 1, rental: 3 } as const;
export type SalesType = 'trial' | 'rental' | 'sales';

/** Slots a plan takes on a device: priority 1 takes none, priority 9 takes all, others their materials. */
export function planSlots(plan: { priority: number; materials: number }): number {
  if (plan.priority === 1) return 0;
  if (plan.priority === 9) return DEVICE_SLOTS;
  return Math.max(0, plan.materials);
}

/** Remaining slots shown for a device: 15 minus used, never below 0 (spec: resourceNumber). */
export function remainingSlots(usedSlots: number): number {
  return Math.max(0, DEVICE_SLOTS - usedSlots);
}

/** Slots used on a device by the plans currently published to it. */
export function usedSlots(plans: ReadonlyArray<{ priority: number; materials: number }>): number {
  let used = 0;
  for (const p of plans) used += planSlots(p);
  return used;
}

/** Whether a plan fits on a device that already carries `used` slots. */
export function fitsOnDevice(used: number, plan: { priority: number; materials: number }): boolean {
  return used + planSlots(plan) <= DEVICE_SLOTS;
}

/** Free materials on a device of a sales type; a sold device carries no fee. */
export function freeMaterials(
  salesType: SalesType | string | null | undefined,
  allowance: { trial: number; rental: number } = FREE_MATERIALS,
): number {
  if (salesType === 'trial') return allowance.trial;
  if (salesType === 'rental') return allowance.rental;
  return Number.POSITIVE_INFINITY;
}

/**
 * Whether publishing a plan with `materials` to a device that already shows `materialsBefore`
 * materials goes beyond the free allowance of the device (the plan is then marked as charged).
 */
export function isCharged(
  salesType: SalesType | string | null | undefined,
  materialsBefore: number,
  materials: number,
  allowance: { trial: number; rental: number } = FREE_MATERIALS,
) {
  return materialsBefore + materials > freeMaterials(salesType, allowance);
}
