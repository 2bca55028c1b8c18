import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { projects, robots, scenes } from '../devices/devices.table';
import { visiblePlan } from '../playlists/playlists.service';
import { publishRecords } from '../publishing/publishing.table';
import { like, ownerProperty } from './audits.reads';
import { ownProperty } from './audits.repository';
import { assertCanSee } from './audits.reviews';
import { adAuditRobots, adAudits } from './audits.table';

export * from './audits.applications';
export * from './audits.cancellations';
export * from './audits.reads';
export * from './audits.reviews';

const robotListColumns = {
  robotId: robots.robotId,
  name: robots.name,
  type: robots.type,
  propertyname: projects.name,
  sceneName: scenes.name,
  province: robots.province,
  city: robots.city,
};

/** GET getRobotsByAd_auditId: the devices of an application, paged, with the plan's publish state on each. */
export async function robotsOfAudit(
  ctx: AppContext,
  user: SessionUser,
  q: { id: string; start: number; limit: number },
) {
  const [row] = await ctx.db.select().from(adAudits).where(eq(adAudits.id, q.id));
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  await assertCanSee(ctx.db, user, row);
  const owner = ownerProperty(user);
  const ofAudit = eq(adAuditRobots.auditId, row.id);
  const where = owner ? and(ofAudit, ownProperty(owner.projectId)) : ofAudit;
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(adAuditRobots).where(where);
  const rows = await ctx.db
    .select({
      ...robotListColumns,
      publishState: sql<string | null>`(select ${publishRecords.state} from ${publishRecords}
        where ${publishRecords.playlistId} = ${row.playlistId} and ${publishRecords.robotRef} = ${robots.id}
        order by ${publishRecords.createdAt} desc limit 1)`,
    })
    .from(adAuditRobots)
    .innerJoin(robots, eq(robots.id, adAuditRobots.robotRef))
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where)
    .orderBy(robots.robotId)
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, datas: rows };
}

/** GET obtailRobotExist / obtailRobot_ByPlaylistId: the devices a plan is live on, paged and filtered. */
export async function liveRobotsOfPlan(
  ctx: AppContext,
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
  const conds: SQL[] = [
    eq(publishRecords.playlistId, plan.id),
    inArray(publishRecords.state, ['notIssued', 'issued', 'pulled']),
  ];
  if (user.role === 'project') conds.push(user.projectId ? eq(robots.projectId, user.projectId) : sql`false`);
  if (q.robotId) conds.push(ilike(robots.robotId, like(q.robotId)));
  if (q.robotName) conds.push(ilike(robots.name, like(q.robotName)));
  if (q.sceneName) conds.push(ilike(scenes.name, like(q.sceneName)));
  if (q.propertyname) conds.push(ilike(projects.name, like(q.propertyname)));
  const where = and(...conds);
  const base = () =>
    ctx.db
      .select({ ...robotListColumns, publishState: publishRecords.state })
      .from(publishRecords)
      .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
      .leftJoin(projects, eq(projects.id, robots.projectId))
      .leftJoin(scenes, eq(scenes.id, robots.sceneId));
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where);
  const rows = await base().where(where).orderBy(robots.robotId).offset(q.start).limit(q.limit);
  return { total: count?.n ?? 0, datas: rows };
}
