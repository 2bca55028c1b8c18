import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { ackSchedule } from './api';
import { heldPlanIds } from './queue';

/** The acknowledgements of a schedule version to the server: each plan once, when its files are all held. */
export class Acknowledgements {
  /** The plans acknowledged, by version (only the latest version is kept). */
  private readonly acked = new Map<string, Set<string>>();

  constructor(private readonly token: string) {}

  /** Acknowledges the plans whose files are all held (all plans: no list), once per version and plan. */
  async send(schedule: DeviceSchedule, ready: ReadonlySet<string>) {
    const held = heldPlanIds(schedule, ready);
    const done = this.acked.get(schedule.version) ?? new Set<string>();
    const fresh = held.filter((id) => !done.has(id));
    if (fresh.length === 0) return;
    const all = held.length === schedule.plans.length;
    await ackSchedule(this.token, schedule.version, all ? undefined : held);
    for (const id of held) done.add(id);
    this.acked.clear();
    this.acked.set(schedule.version, done);
  }
}
