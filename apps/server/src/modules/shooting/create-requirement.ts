import { newId } from '@robot-ads/contracts/common/ids';
import { isValidTimeZone, zonedToUnix } from '@robot-ads/contracts/playback/zoned-time';
import type { CreateShootBody, ShootRequirementDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import { AppError } from '../../platform/app-error';
import { shootRobotsByRobotIds } from '../devices/devices.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { robotsPublishedWithPlan } from '../publishing/publishing.queries';
import { approvedPlan, assertPlanFree } from './check-plan';
import { insertRequirement, insertTasks } from './shooting.repository';
import { queuePush, secondsOf, toRequirementDtos, type User } from './shooting.service';

function minuteOf(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A requirement on an approved, free plan: its window in its zone, one task per chosen robot; then the push. */
export async function createRequirement(
  ctx: PublishingContext,
  user: User,
  body: CreateShootBody,
): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const plan = await approvedPlan(ctx, tx, user, body.planId);
    await assertPlanFree(tx, plan.id);
    const timeZone = body.timeZone ?? plan.timeZone;
    if (!isValidTimeZone(timeZone)) throw new AppError('TIME_ZONE_INVALID', {}, 'timeZone');
    const [year, month, day] = body.shootDate.split('-').map(Number);
    const date = { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
    const probe = new Date(Date.UTC(date.year, date.month - 1, date.day));
    if (
      probe.getUTCFullYear() !== date.year ||
      probe.getUTCMonth() !== date.month - 1 ||
      probe.getUTCDate() !== date.day
    ) {
      throw new AppError('SHOOT_DATE_INVALID', {}, 'shootDate');
    }
    const begin = zonedToUnix(date, minuteOf(body.beginTime), timeZone);
    const end = zonedToUnix(date, minuteOf(body.endTime), timeZone);
    if (end <= begin) throw new AppError('END_BEFORE_START', {}, 'endTime');
    if (end <= secondsOf(now)) throw new AppError('SHOOT_WINDOW_PAST', {}, 'shootDate');
    if (begin >= secondsOf(plan.endAt) || end <= secondsOf(plan.beginAt)) {
      throw new AppError('SHOOT_WINDOW_OUTSIDE_PLAN', {}, 'shootDate');
    }
    const robots = await shootRobotsByRobotIds(tx, body.robotIds, now);
    const refOf = new Map(robots.map((r) => [r.robotId, r.ref]));
    const published = new Set(
      (
        await robotsPublishedWithPlan(
          tx,
          plan.id,
          robots.map((r) => r.ref),
        )
      ).map((p) => p.robotRef),
    );
    const refs: string[] = [];
    for (const robotId of new Set(body.robotIds)) {
      const ref = refOf.get(robotId);
      if (!ref || !published.has(ref)) throw new AppError('SHOOT_ROBOT_NOT_PUBLISHED', { robotId }, 'robotIds');
      refs.push(ref);
    }
    const id = newId(now.getTime());
    const inserted = await insertRequirement(tx, {
      id,
      name: body.name,
      playlistId: plan.id,
      shootDate: body.shootDate,
      beginTime: body.beginTime,
      endTime: body.endTime,
      timeZone,
      windowBegin: new Date(begin * 1000),
      windowEnd: new Date(end * 1000),
      creatorId: user.id,
      creatorName: user.name || user.username,
      createdAt: now,
      updatedAt: now,
    });
    await insertTasks(
      tx,
      refs.map((robotRef) => ({
        id: newId(now.getTime()),
        requirementId: id,
        robotRef,
        state: 'notIssued',
        createdAt: now,
        updatedAt: now,
      })),
    );
    return inserted;
  });
  await queuePush(ctx, row.id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}
