import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { PROJECT_TYPES, type ProjectType } from '@robot-ads/contracts/devices/devices.rules';
import type { projectInput, updateProjectBody } from '@robot-ads/contracts/devices/devices.schemas';
import { nameSchema, type OwnerDto, type ProjectDto } from '@robot-ads/contracts/devices/devices.schemas';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { tr } from '../../platform/i18n/i18n';
import { containsLike } from '../../platform/like';
import { accountSubtreeIds, assertCanSeeAccount } from '../../platform/scope';
import {
  type AccountRow,
  accountIdsOfProject,
  findAccountById,
  projectOwnersOf,
  projectOwnersPage,
  updateAccount,
} from '../accounts/accounts.queries';
import type { RobotIdEntry } from './device-import';
import { findRobotsByRobotIds, type ScopeUser, sceneIdFor } from './devices.repository';
import {
  countProjects,
  deleteProjectRow,
  findProjectById,
  findProjectRows,
  findProjects,
  insertProject,
  type ProjectRow,
  projectConditions,
  projectHasRobots,
  projectNames,
  projectNameTaken,
  projectsByIds,
  robotCountsOfProjects,
  scenesWithCounts,
  updateProjectRow,
  updateRobotByRobotId,
} from './projects.repository';

/** Each property type's name in both languages (platform/i18n). */
export const PROJECT_TYPE_LABELS = Object.fromEntries(
  PROJECT_TYPES.map((type) => [
    type,
    { zh: tr('zh', `devices:projectType.${type}`), en: tr('en', `devices:projectType.${type}`) },
  ]),
) as Record<ProjectType, { zh: string; en: string }>;

export function projectTypes() {
  return PROJECT_TYPES.map((value) => ({ value, ...PROJECT_TYPE_LABELS[value] }));
}

async function withCountsAndOwners(db: DbOrTx, rows: ProjectRow[]): Promise<ProjectDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await robotCountsOfProjects(db, ids);
  const owners = await projectOwnersOf(db, ids);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type as ProjectType,
    province: p.province,
    city: p.city,
    district: p.district,
    address: p.address,
    contact: p.contact,
    phone: p.phone,
    robotCount: counts.find((c) => c.projectId === p.id)?.n ?? 0,
    owners: owners
      .filter((o) => o.projectId === p.id)
      .map((o) => ({ accountId: o.accountId, username: o.username, authorized: o.authorized })),
    createtime: toUnixSeconds(p.createdAt) ?? 0,
  }));
}

/** GET /api/Projects/findAll: every visible property (for selectors: at most 1000). */
export async function findAllProjects(ctx: AppContext, user: ScopeUser, q: { name?: string; type?: ProjectType }) {
  const rows = await findProjects(ctx.db, projectConditions(user, q), { limit: 1000 });
  return withCountsAndOwners(ctx.db, rows);
}

/** GET /api/Proprietors/querybypage. */
export async function queryProjectsPage(
  ctx: AppContext,
  user: ScopeUser,
  q: { start: number; limit: number; name?: string; type?: ProjectType; province?: string },
) {
  const where = projectConditions(user, q);
  const total = await countProjects(ctx.db, where);
  const rows = await findProjects(ctx.db, where, { start: q.start, limit: q.limit });
  return { total, datas: await withCountsAndOwners(ctx.db, rows) };
}

/** GET /api/Proprietors/queryProject: the caller's property (project account) or the one asked for. */
export async function queryProject(ctx: AppContext, user: ScopeUser, id: string | undefined): Promise<ProjectDto> {
  const projectId = user.role === 'project' ? user.projectId : id;
  if (user.role === 'project' && id && id !== user.projectId) throw new AppError('NOT_FOUND', {}, 'id');
  if (!projectId) throw new AppError('NOT_FOUND', {}, 'id');
  const rows = await findProjectRows(ctx.db, projectId, projectConditions(user, {}));
  const [dto] = await withCountsAndOwners(ctx.db, rows);
  if (!dto) throw new AppError('NOT_FOUND', {}, 'id');
  return dto;
}

async function assertNameFree(db: DbOrTx, name: string, exceptId: string | null, field: string) {
  if (await projectNameTaken(db, name, exceptId)) throw new AppError('PROJECT_NAME_EXISTS', {}, field);
}

/** POST /api/Proprietors/createMultiple: several properties in one transaction. */
export async function createProjects(ctx: AppContext, inputs: Array<z.infer<typeof projectInput>>) {
  const now = ctx.clock.now();
  const seen = new Set<string>();
  return ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const [i, p] of inputs.entries()) {
      if (seen.has(p.name)) throw new AppError('PROJECT_NAME_EXISTS', {}, `projects.${i}.name`);
      seen.add(p.name);
      await assertNameFree(tx, p.name, null, `projects.${i}.name`);
      const id = newId();
      ids.push(id);
      await insertProject(tx, {
        id,
        name: p.name,
        type: p.type,
        province: p.province ?? null,
        city: p.city ?? null,
        district: p.district ?? null,
        address: p.address ?? null,
        contact: p.contact ?? null,
        phone: p.phone ?? null,
        createdAt: now,
      });
    }
    const rows = await projectsByIds(tx, ids);
    return withCountsAndOwners(tx, rows);
  });
}

/** POST /api/Proprietors/update. */
export async function updateProject(ctx: AppContext, body: z.infer<typeof updateProjectBody>) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findProjectById(tx, body.id);
    if (!existing) throw new AppError('NOT_FOUND', {}, 'id');
    if (body.name !== undefined) await assertNameFree(tx, body.name, body.id, 'name');
    const { id, ...patch } = body;
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(clean).length > 0) await updateProjectRow(tx, id, clean);
    const rows = await findProjectRows(tx, id);
    const [dto] = await withCountsAndOwners(tx, rows);
    return dto as ProjectDto;
  });
}

/** DELETE /api/Proprietors/{id}: only a property without devices; its owners lose the link. */
export async function deleteProject(ctx: AppContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await findProjectById(tx, id))) throw new AppError('NOT_FOUND', {}, 'id');
    if (await projectHasRobots(tx, id)) throw new AppError('PROJECT_HAS_DEVICES');
    for (const ownerId of await accountIdsOfProject(tx, id)) await updateAccount(tx, ownerId, { projectId: null });
    await deleteProjectRow(tx, id);
  });
}

// ---- owner authorization (add / open / remove) ----

function toOwner(row: AccountRow, propertyname: string | null): OwnerDto {
  return {
    accountId: row.id,
    username: row.username,
    name: row.name,
    projectId: row.projectId,
    propertyname,
    authorized: row.authorized,
  };
}

export async function listOwners(
  ctx: AppContext,
  user: ScopeUser & { customer: string | null },
  q: { start: number; limit: number; projectId?: string; username?: string },
) {
  const { total, rows } = await projectOwnersPage(ctx.db, {
    // An operator sees the owner accounts of its subtree (root/admin all).
    scope: await accountSubtreeIds(ctx.db, user),
    start: q.start,
    limit: q.limit,
    projectId: q.projectId,
    usernameLike: q.username ? containsLike(q.username) : undefined,
  });
  const projectIds = [...new Set(rows.flatMap((r) => (r.projectId ? [r.projectId] : [])))];
  const names = await projectNames(ctx.db, projectIds);
  return {
    total,
    datas: rows.map((r) => toOwner(r, r.projectId ? (names.get(r.projectId) ?? null) : null)),
  };
}

/** An owner (project) account in the caller's scope (an operator manages the owners of its subtree). */
async function ownerAccount(db: DbOrTx, user: ScopeUser & { customer: string | null }, accountId: string) {
  const row = await findAccountById(db, accountId);
  if (row?.role !== 'project') throw new AppError('NOT_FOUND', {}, 'accountId');
  await assertCanSeeAccount(db, user, accountId);
  return row;
}

/** Add: gives an owner account a property and authorizes it. */
export async function addAuthorization(
  ctx: AppContext,
  user: ScopeUser & { customer: string | null },
  projectId: string,
  accountId: string,
): Promise<OwnerDto> {
  return ctx.db.transaction(async (tx) => {
    const project = await findProjectById(tx, projectId);
    if (!project) throw new AppError('NOT_FOUND', {}, 'projectId');
    await ownerAccount(tx, user, accountId);
    const row = await updateAccount(tx, accountId, { projectId, authorized: true, updatedAt: ctx.clock.now() });
    return toOwner(row as AccountRow, project.name);
  });
}

/** Open (authorized again) or remove (login refused with 4017, spec section 8). */
export async function setAuthorized(
  ctx: AppContext,
  user: ScopeUser & { customer: string | null },
  accountId: string,
  authorized: boolean,
): Promise<OwnerDto> {
  return ctx.db.transaction(async (tx) => {
    await ownerAccount(tx, user, accountId);
    const row = (await updateAccount(tx, accountId, {
      authorized,
      updatedAt: ctx.clock.now(),
    })) as AccountRow;
    const project = row.projectId ? await findProjectById(tx, row.projectId) : null;
    return toOwner(row, project?.name ?? null);
  });
}

// ---- scenes and affiliate imports ----

export async function findScenes(ctx: AppContext, user: ScopeUser, name?: string) {
  return scenesWithCounts(ctx.db, user, name);
}

type AffiliateRow = {
  row: number;
  robotId: string;
  ok: boolean;
  code: string | null;
  msg: string | null;
  name: string | null;
};

/**
 * POST /api/Affiliates/importScenes (A: robot ID, B: scene name) and importAdBlacklist (A: robot ID):
 * every row checked; with `confirm` the valid rows are applied in one transaction.
 */
export async function importAffiliates(
  ctx: AppContext,
  kind: 'scenes' | 'blacklist',
  entries: RobotIdEntry[],
  opts: { confirm: boolean; lang: Language },
) {
  return ctx.db.transaction(async (tx) => {
    const found = new Map(
      (
        await findRobotsByRobotIds(
          tx,
          entries.map((e) => e.robotId),
        )
      ).map((r) => [r.robot.robotId, r]),
    );
    const seen = new Set<string>();
    const rows: AffiliateRow[] = [];
    for (const e of entries) {
      const robot = found.get(e.robotId);
      let code: ErrorCode | null = null;
      const sceneName = e.extra?.[0] ?? '';
      if (!robot) code = 'DEVICE_NOT_EXIST';
      else if (seen.has(e.robotId)) code = 'DEVICE_ALREADY_SELECTED';
      else if (kind === 'scenes') {
        const parsed = nameSchema.safeParse(sceneName);
        if (!parsed.success) code = (parsed.error.issues[0]?.message as ErrorCode) ?? 'NAME_LENGTH';
      }
      if (!code) seen.add(e.robotId);
      rows.push({
        row: e.row,
        robotId: e.robotId,
        ok: !code,
        code,
        msg: code ? messageFor(code, opts.lang) : null,
        name: robot?.robot.name ?? null,
      });
    }
    let applied = 0;
    if (opts.confirm) {
      const now = ctx.clock.now();
      for (const [i, r] of rows.entries()) {
        if (!r.ok) continue;
        const patch =
          kind === 'scenes'
            ? { sceneId: await sceneIdFor(tx, (entries[i]?.extra?.[0] ?? '').trim(), newId), updatedAt: now }
            : { listType: 'blacklist', updatedAt: now };
        await updateRobotByRobotId(tx, r.robotId, patch);
        applied++;
      }
    }
    return { total: rows.length, applied, rows };
  });
}
