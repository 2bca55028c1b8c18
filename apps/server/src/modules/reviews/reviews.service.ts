import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { listedRobots, robotRefsWhere } from '../devices/delivery.queries';
import { visiblePlan } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { liveRecordsPage } from '../publishing/publishing.queries';
import { assertCanSee, ownerProperty } from './reviews.reads';
import { auditRobotsPage, findAudit } from './reviews.repository';

export * from './reviews.applications';
export * from './reviews.cancellations';
export * from './reviews.decisions';
export * from './reviews.reads';

/** GET getRobotsByAd_auditId: the devices of an application, paged, with the plan's publish state on each. */
export async function robotsOfAudit(
  ctx: AppContext,
  user: SessionUser,
  q: { id: string; start: number; limit: number },
) {
  const row = await findAudit(ctx.db, q.id);
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  await assertCanSee(ctx.db, user, row);
  const owner = ownerProperty(user);
  const { total, page } = await auditRobotsPage(ctx.db, row, owner?.projectId, q.start, q.limit);
  return { total, datas: await withRobots(ctx, page) };
}

/** A page of (robot ref, publish state) as device list rows, in the page's order. */
async function withRobots(ctx: AppContext, page: Array<{ ref: string; publishState: string | null }>) {
  const robots = await listedRobots(
    ctx.db,
    page.map((p) => p.ref),
  );
  return page.flatMap((p) => {
    const robot = robots.get(p.ref);
    if (!robot) return [];
    const { robotId, name, type, propertyname, sceneName, province, city } = robot;
    return [{ robotId, name, type, propertyname, sceneName, province, city, publishState: p.publishState }];
  });
}

/** GET obtailRobotExist / obtailRobot_ByPlaylistId: the devices a plan is live on, paged and filtered. */
export async function liveRobotsOfPlan(
  ctx: PublishingContext,
  user: SessionUser,
  q: {
    playListId: string;
    start: number;
    limit: number;
    robotId?: string;
    robotName?: string;
    sceneName?: string;
    propertyname?: string;
  },
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const robotRefs = robotRefsWhere({
    ...(user.role === 'project' ? { projectId: user.projectId } : {}),
    robotId: q.robotId,
    name: q.robotName,
    sceneName: q.sceneName,
    propertyname: q.propertyname,
  });
  const { total, rows } = await liveRecordsPage(ctx.db, plan.id, robotRefs, q);
  return { total, datas: await withRobots(ctx, rows) };
}
