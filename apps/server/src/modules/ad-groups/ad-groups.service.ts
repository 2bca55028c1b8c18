import type { AdGroupDto } from '@robot-ads/contracts/ad-groups/ad-groups.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { RobotFilters } from '@robot-ads/contracts/devices/devices.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { accountSubtreeIds } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { checkRobotIds } from '../devices/device-import';
import type { DevicesContext } from '../devices/devices.context';
import { robotIdsAmong, robotRefsOfRobotIds, robotsPageAmong } from '../devices/devices.queries';
import { toRobotDto, usedSlotsOf } from '../devices/devices.service';
import {
  addMembers,
  deleteGroupRow,
  findGroup,
  type GroupRow,
  type GroupScope,
  groupNameTaken,
  groupsByName,
  insertGroup,
  membersOf,
  pageGroupRows,
  removeMembers,
  renameGroup,
} from './ad-groups.repository';

/** Groups a caller sees: root/admin all, operators their account subtree's, others their own. */
async function groupScope(db: DbOrTx, user: SessionUser): Promise<GroupScope> {
  return accountSubtreeIds(db, user);
}

function toDto(row: GroupRow): AdGroupDto {
  return {
    id: row.id,
    name: row.name,
    robotCount: row.robotCount,
    creatorId: row.creatorId,
    createtime: toUnixSeconds(row.createdAt) ?? 0,
  };
}

/** GET /api/AdvertGroups: for selectors, at most 100 (more via the name search). */
export async function listGroups(ctx: AppContext, user: SessionUser, name?: string) {
  const rows = await groupsByName(ctx.db, await groupScope(ctx.db, user), name, 100);
  return rows.map(toDto);
}

/** GET /api/AdvertGroups/queryRangeByPage. */
export async function pageGroups(
  ctx: AppContext,
  user: SessionUser,
  q: { start: number; limit: number; name?: string },
) {
  const { total, rows } = await pageGroupRows(ctx.db, await groupScope(ctx.db, user), q);
  return { total, datas: rows.map(toDto) };
}

/** A group in the caller's scope, or NOT_FOUND. */
export async function visibleGroup(db: DbOrTx, user: SessionUser, id: string) {
  const row = await findGroup(db, await groupScope(db, user), id);
  if (!row) throw new AppError('NOT_FOUND', {}, 'id');
  return row;
}

export async function groupDetail(ctx: AppContext, user: SessionUser, id: string) {
  return toDto(await visibleGroup(ctx.db, user, id));
}

async function assertNameFree(db: DbOrTx, creatorId: string, name: string, exceptId?: string) {
  if (await groupNameTaken(db, creatorId, name, exceptId)) throw new AppError('GROUP_NAME_EXISTS', {}, 'name');
}

/** Re-checks robot IDs on the server (the client's import check is not trusted) and adds them. */
async function addRobots(
  ctx: DevicesContext,
  tx: DbOrTx,
  user: SessionUser,
  groupId: string,
  robotIds: string[],
  lang: Language,
) {
  if (robotIds.length === 0) return;
  const members = await robotIdsAmong(tx, membersOf(tx, [groupId]));
  const check = await checkRobotIds(
    ctx,
    tx,
    user,
    robotIds.map((robotId, i) => ({ row: i + 1, robotId })),
    { existing: members, lang },
  );
  const refused = check.rows.filter((r) => !r.ok);
  if (refused.length > 0) throw new AppError('DEVICE_ROWS_REFUSED', { count: refused.length }, 'robotIds');
  const refs = await robotRefsOfRobotIds(tx, check.valid);
  await addMembers(
    tx,
    groupId,
    refs.map((r) => r.id),
    ctx.clock.now(),
  );
}

export async function createGroup(
  ctx: DevicesContext,
  user: SessionUser,
  body: { name: string; robotIds: string[] },
  lang: Language,
) {
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, user.id, body.name);
    await insertGroup(tx, { id, name: body.name, creatorId: user.id, createdAt: ctx.clock.now() });
    await addRobots(ctx, tx, user, id, [...new Set(body.robotIds)], lang);
  });
  return groupDetail(ctx, user, id);
}

export async function updateGroup(
  ctx: DevicesContext,
  user: SessionUser,
  body: { id: string; name?: string; addRobotIds?: string[]; removeRobotIds?: string[] },
  lang: Language,
) {
  await ctx.db.transaction(async (tx) => {
    const group = await visibleGroup(tx, user, body.id);
    if (body.name !== undefined && body.name !== group.name) {
      await assertNameFree(tx, group.creatorId, body.name, group.id);
      await renameGroup(tx, group.id, body.name);
    }
    if (body.removeRobotIds && body.removeRobotIds.length > 0) {
      const refs = robotRefsOfRobotIds(tx, body.removeRobotIds);
      await removeMembers(tx, group.id, refs);
    }
    if (body.addRobotIds) await addRobots(ctx, tx, user, group.id, [...new Set(body.addRobotIds)], lang);
  });
  return groupDetail(ctx, user, body.id);
}

export async function deleteGroup(ctx: AppContext, user: SessionUser, id: string) {
  await ctx.db.transaction(async (tx) => {
    await visibleGroup(tx, user, id);
    await deleteGroupRow(tx, id);
  });
}

/** GET /api/AdvertGroups/queryRobotlist: the members of a visible group, paged and filtered. */
export async function groupRobots(
  ctx: DevicesContext,
  user: SessionUser,
  q: { id: string; start: number; limit: number } & Partial<
    Pick<RobotFilters, 'robotId' | 'name' | 'propertyname' | 'sceneName'>
  >,
) {
  await visibleGroup(ctx.db, user, q.id);
  const now = ctx.clock.now();
  const members = membersOf(ctx.db, [q.id]);
  const { total, rows } = await robotsPageAmong(ctx.db, members, q, { start: q.start, limit: q.limit }, now);
  const used = await usedSlotsOf(
    ctx,
    ctx.db,
    rows.map((r) => r.robot.id),
  );
  return { total, datas: rows.map((r) => toRobotDto(r, now, used.get(r.robot.id) ?? 0)) };
}

/** Robot IDs of groups (for publishing by group, issue 7): only groups the caller sees. */
export async function robotIdsOfGroups(ctx: AppContext, user: SessionUser, groupIds: string[]): Promise<string[]> {
  for (const id of groupIds) await visibleGroup(ctx.db, user, id);
  if (groupIds.length === 0) return [];
  return robotIdsAmong(ctx.db, membersOf(ctx.db, groupIds));
}
