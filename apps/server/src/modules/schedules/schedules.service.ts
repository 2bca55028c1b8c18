import type { NowPlayingResult } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { buildLoop } from '@robot-ads/contracts/playback/play-order.rules';
import { activePlansAt, deliveryStatus } from '@robot-ads/contracts/playback/schedule.rules';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { ScopeUser } from '../devices/devices.queries';
import { visibleRobot } from '../devices/devices.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { markPulled } from '../publishing/publishing.service';
import type { ScheduleCache } from './schedule-cache';

/*
 * The schedules of devices, one operation a file: what a schedule holds (schedule-content.ts), building it
 * (build-schedules.ts), the cache of built schedules (schedule-cache.ts); here the acknowledgement and what
 * a robot plays now.
 */
export { type BuiltSchedule, buildSchedule, buildSchedules, lookahead } from './build-schedules';
export { matchesVersion, ScheduleCache, type ScheduleStamp } from './schedule-cache';
export { planScheduleOf } from './schedule-content';

/**
 * The device holds every file of `version` (or of the listed plans): their publish records become
 * pulled with pullTime, which feeds the pull ratio and its notification. Only the current version may
 * be acknowledged; an older one is refused so that the device pulls again first.
 */
export async function acknowledge(
  ctx: PublishingContext,
  cache: ScheduleCache,
  device: { robotRef: string; robotId: string },
  body: { version: string; planIds?: string[] },
) {
  const current = await cache.stamp(device.robotRef, device.robotId);
  if (current.version !== body.version) throw new AppError('SCHEDULE_VERSION_STALE', {}, 'version');
  const inSchedule = new Set(current.planIds);
  const planIds = (body.planIds ?? [...inSchedule]).filter((id) => inSchedule.has(id));
  const now = ctx.clock.now();
  const pulled = await markPulled(ctx, device.robotRef, planIds, now);
  return { version: current.version, pulled, pullTime: Math.floor(now.getTime() / 1000) };
}

/**
 * What a robot plays now, decided by the playback engine on the robot's delivered schedule: each plan's
 * state, whether it is on screen and its share of the loop (priority 9 takes the screen, 1 fills).
 */
export async function nowPlaying(
  ctx: AppContext,
  cache: ScheduleCache,
  user: ScopeUser,
  robotId: string,
): Promise<NowPlayingResult> {
  const robot = await visibleRobot(ctx, ctx.db, user, robotId);
  const built = await cache.build(robot.robot.id, robot.robot.robotId);
  const at = Math.floor(ctx.clock.now().getTime() / 1000);
  const plans = built.schedule.plans;
  const loop = buildLoop(activePlansAt(plans, at));
  return {
    robotId: robot.robot.robotId,
    at,
    version: built.version,
    plans: plans.map((p) => {
      const status = deliveryStatus(p, at);
      return {
        id: p.id,
        name: p.name,
        priority: p.priority,
        state: status.state,
        playingNow: status.playingNow && loop.includes(p.id),
        share: loop.length > 0 ? loop.filter((id) => id === p.id).length / loop.length : 0,
        ads: p.ads.map((a) => ({ id: a.id, name: a.name })),
      };
    }),
  };
}
