import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { PublishingContext } from '../publishing/publishing.context';
import { type BuiltSchedule, buildSchedules, lookahead } from './build-schedules';

/** A safety net under the change feed: a cached schedule is rebuilt at least this often (same content, same version). */
const MAX_CACHE_AGE_MS = 5 * 60_000;

/** What the cache keeps of a built schedule: enough for a 304 and an acknowledgement, not the body. */
export interface ScheduleStamp {
  version: string;
  from: number;
  staleAt: number;
  builtAt: number;
  planIds: string[];
}

/**
 * Built schedules by robot, so that an unchanged schedule costs a lookup and a 304. It keeps a small
 * stamp per robot (version, plans), so a fleet of 100,000 robots costs a few MB, and the last built
 * body of the robots that pulled most recently (bounded), so that a schedule that changed is built once
 * per version, not once per pull. An entry is dropped when the change feed (or, with Redis, another
 * instance's feed) sees a change for its robot, when the day bucket turns, or when a plan in it ends.
 */
export class ScheduleCache {
  private readonly entries = new Map<string, ScheduleStamp>();
  /** The last built body per robot, most recently used last. */
  private readonly bodies = new Map<string, BuiltSchedule>();
  private readonly building = new Map<string, Promise<BuiltSchedule>>();
  private queue: Array<{
    robotRef: string;
    robotId: string;
    resolve: (built: BuiltSchedule) => void;
    reject: (err: unknown) => void;
  }> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by invalidation, so that a build that raced a change is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ctx: PublishingContext,
    private readonly maxEntries = 1_000_000,
    private readonly maxBodies = 20_000,
  ) {}

  private known(robotRef: string): ScheduleStamp | null {
    const nowS = Math.floor(this.ctx.clock.now().getTime() / 1000);
    const hit = this.entries.get(robotRef);
    const fresh = hit && Date.now() - hit.builtAt < MAX_CACHE_AGE_MS;
    return hit && fresh && hit.from === lookahead(nowS).from && nowS < hit.staleAt ? hit : null;
  }

  /** The current stamp of a robot's schedule (building it when not known). */
  async stamp(robotRef: string, robotId: string): Promise<ScheduleStamp> {
    return this.known(robotRef) ?? stampOf(await this.build(robotRef, robotId));
  }

  /**
   * A pull: no body when `ifNoneMatch` names the current version (a 304), else the schedule, built
   * at most once.
   */
  async pull(
    robotRef: string,
    robotId: string,
    ifNoneMatch: string | undefined,
  ): Promise<{ version: string; schedule: DeviceSchedule | null }> {
    const known = this.known(robotRef);
    if (known && matchesVersion(ifNoneMatch, known.version)) return { version: known.version, schedule: null };
    const body = known ? this.bodies.get(robotRef) : undefined;
    if (known && body?.version === known.version) {
      this.bodies.delete(robotRef);
      this.bodies.set(robotRef, body);
      const serverTime = Math.floor(this.ctx.clock.now().getTime() / 1000);
      return { version: body.version, schedule: { ...body.schedule, serverTime } };
    }
    const built = await this.build(robotRef, robotId);
    const same = matchesVersion(ifNoneMatch, built.version);
    return { version: built.version, schedule: same ? null : built.schedule };
  }

  /** The whole schedule, built now (its links are signed now), and remembered as the current stamp. */
  async build(robotRef: string, robotId: string): Promise<BuiltSchedule> {
    const pending = this.building.get(robotRef);
    if (pending) return pending;
    const generation = this.generations.get(robotRef) ?? 0;
    const build = this.enqueue(robotRef, robotId).finally(() => this.building.delete(robotRef));
    this.building.set(robotRef, build);
    const built = await build;
    if ((this.generations.get(robotRef) ?? 0) === generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(robotRef, stampOf(built));
      this.bodies.delete(robotRef);
      if (this.bodies.size >= this.maxBodies) this.bodies.delete(this.bodies.keys().next().value as string);
      this.bodies.set(robotRef, built);
    }
    return built;
  }

  /** Builds requested within the same 2 ms (up to 200) are made together, with the queries of one. */
  private enqueue(robotRef: string, robotId: string): Promise<BuiltSchedule> {
    return new Promise((resolve, reject) => {
      this.queue.push({ robotRef, robotId, resolve, reject });
      if (this.queue.length >= 200) this.drain();
      else if (!this.timer) this.timer = setTimeout(() => this.drain(), 2);
    });
  }

  private drain() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    buildSchedules(this.ctx, batch)
      .then((built) => {
        for (const b of batch) {
          const one = built.get(b.robotRef);
          if (one) b.resolve(one);
          else b.reject(new Error(`schedule of ${b.robotId} not built`));
        }
      })
      .catch((err) => {
        for (const b of batch) b.reject(err);
      });
  }

  invalidate(robotRefs: Iterable<string>) {
    for (const ref of robotRefs) {
      this.entries.delete(ref);
      this.bodies.delete(ref);
      this.generations.set(ref, (this.generations.get(ref) ?? 0) + 1);
    }
  }

  clear() {
    this.invalidate([...this.entries.keys()]);
  }
}

function stampOf(built: BuiltSchedule): ScheduleStamp {
  return {
    version: built.version,
    from: built.from,
    staleAt: built.staleAt,
    builtAt: built.builtAt,
    planIds: built.schedule.plans.map((p) => p.id),
  };
}

/** True when an If-None-Match header names this version (weak or strong, or `*`). */
export function matchesVersion(ifNoneMatch: string | undefined, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((t) => t === version || t === '*');
}
