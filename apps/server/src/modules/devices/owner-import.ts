import { type AccountDto, accountCreateBody } from '@robot-ads/contracts/accounts/accounts.schemas';
import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { PROJECT_TYPES, type ProjectType } from '@robot-ads/contracts/devices/devices.rules';
import {
  nameSchema,
  type OwnerImport,
  type OwnerImportRow,
  robotIdSchema,
} from '@robot-ads/contracts/devices/devices.schemas';
import type { ZodType } from 'zod';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { texts, tr } from '../../platform/i18n/i18n';
import { assertCanSeeAccount } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import type { NewManagedInput } from '../accounts/accounts.dto';
import { bodyRows, buildTemplate, readSheetRows } from './device-import';
import { findRobotsByRobotIds } from './devices.repository';
import { assignRobotsToProject, insertProject, takenProjectNames } from './projects.repository';
import { PROJECT_TYPE_LABELS } from './projects.service';

/** What the owner import needs of the accounts module (its AccountsService): the same checks as one account. */
export interface OwnerAccounts {
  checkNewAccount(user: SessionUser, input: NewManagedInput, lang: Language): Promise<void>;
  createAccount(user: SessionUser, input: NewManagedInput, lang: Language): Promise<AccountDto>;
}

/** At most this many owners a file (each row is checked against the database). */
export const OWNER_IMPORT_MAX_ROWS = 200;

/** The template's columns, in order. */
const COLUMNS = [
  'username',
  'password',
  'name',
  'contactPhone',
  'propertyName',
  'propertyType',
  'province',
  'city',
  'district',
  'address',
  'robotIds',
] as const;
type Column = (typeof COLUMNS)[number];

/** Column titles of the template in the language (platform/i18n). */
const headers = (lang: Language) => texts<Column>(lang, 'devices:ownerImport.headers');
/** Column A's header in either language: a file made from the template. */
const HEADER_PATTERN = /^(登录账号|login\s*account|account|username)$/i;

/** A property type as written in the file: the code or its label in either language (empty: property). */
function projectTypeOf(text: string): ProjectType | null {
  if (text === '') return 'project';
  const lower = text.toLowerCase();
  for (const type of PROJECT_TYPES) {
    const labels = PROJECT_TYPE_LABELS[type];
    if (lower === type || text === labels.zh || lower === labels.en.toLowerCase()) return type;
  }
  return null;
}

/** The first catalogue code a shared schema refuses the value with. */
function schemaCode(schema: ZodType, value: string): ErrorCode | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  return (parsed.error.issues[0]?.message as ErrorCode) ?? 'NAME_ILLEGAL';
}

interface Entry {
  row: number;
  cells: Record<Column, string>;
  robotIds: string[];
  type: ProjectType;
}

export async function buildOwnerImportTemplate(lang: Language): Promise<Buffer> {
  const titles = headers(lang);
  return buildTemplate(
    tr(lang, 'devices:ownerImport.sheet'),
    COLUMNS.map((c) => titles[c]),
    tr(lang, 'devices:ownerImport.note'),
  );
}

/** The owner rows of an import file: the template's header in A1, one owner a row from row 2. */
export function parseOwnerFile(buffer: Buffer, filename: string): Entry[] {
  const rows = readSheetRows(buffer, filename);
  if (!HEADER_PATTERN.test(rows[0]?.[0] ?? '')) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  const body = bodyRows(rows, 'OWNER_IMPORT_BLANK_ROW');
  if (body.length > OWNER_IMPORT_MAX_ROWS) {
    throw new AppError('OWNER_IMPORT_TOO_MANY', { max: OWNER_IMPORT_MAX_ROWS }, 'file');
  }
  return body.map((r, i) => {
    const cells = Object.fromEntries(COLUMNS.map((c, j) => [c, r[j] ?? ''])) as Record<Column, string>;
    const robotIds = cells.robotIds
      .split(/[,，、;；\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    return { row: i + 2, cells, robotIds, type: projectTypeOf(cells.propertyType) ?? 'project' };
  });
}

function accountInput(e: Entry, parentId: string | undefined, projectId: string | null): NewManagedInput {
  return {
    username: e.cells.username,
    password: e.cells.password,
    name: e.cells.name,
    role: 'project',
    parentId,
    projectId,
    contact: { name: e.cells.name, phone: e.cells.contactPhone },
  };
}

/**
 * Checks every row of an owner import (the account as one created alone would be, the new property,
 * the robots: existing, without a property, once in the file) and, with `confirm` and no row refused,
 * creates every owner with its property and robots in one transaction: all rows or none.
 */
export async function importOwners(
  ctx: AppContext,
  owners: OwnerAccounts,
  user: SessionUser,
  entries: Entry[],
  opts: { confirm: boolean; parentId?: string; lang: Language },
): Promise<OwnerImport> {
  const lang = opts.lang;
  const titles = headers(lang);
  if (opts.parentId) await assertCanSeeAccount(ctx.db, user, opts.parentId);
  const found = new Map(
    (await findRobotsByRobotIds(ctx.db, [...new Set(entries.flatMap((e) => e.robotIds))])).map((r) => [
      r.robot.robotId,
      r.robot,
    ]),
  );
  const takenNames = await takenProjectNames(ctx.db, entries.map((e) => e.cells.propertyName).filter(Boolean));
  const seen = { username: new Set<string>(), phone: new Set<string>(), property: new Set<string>() };
  const seenRobots = new Set<string>();

  const refusal = async (e: Entry): Promise<[ErrorCode, Column] | null> => {
    const c = e.cells;
    const username = schemaCode(accountCreateBody.shape.username, c.username);
    if (!c.username) return ['NAME_REQUIRED', 'username'];
    if (username) return [username, 'username'];
    if (seen.username.has(c.username.toLowerCase())) return ['USERNAME_EXISTS', 'username'];
    const password = schemaCode(accountCreateBody.shape.password, c.password);
    if (password) return [password, 'password'];
    if (c.contactPhone && seen.phone.has(c.contactPhone)) return ['CONTACT_PHONE_EXISTS', 'contactPhone'];
    try {
      await owners.checkNewAccount(user, accountInput(e, opts.parentId, null), lang);
    } catch (err) {
      // The parent (a field of the upload, not of the row) is refused for the whole file.
      if (!(err instanceof AppError) || err.field === 'parentId' || err.status === 403) throw err;
      const column: Column = err.field === 'username' ? 'username' : err.field === 'name' ? 'name' : 'contactPhone';
      return [err.code as ErrorCode, column];
    }
    const property = schemaCode(nameSchema, c.propertyName);
    if (property) return [property, 'propertyName'];
    if (takenNames.has(c.propertyName) || seen.property.has(c.propertyName)) {
      return ['PROJECT_NAME_EXISTS', 'propertyName'];
    }
    if (projectTypeOf(c.propertyType) === null) return ['PROJECT_TYPE_INVALID', 'propertyType'];
    if (e.robotIds.length === 0) return ['DEVICE_LIST_EMPTY', 'robotIds'];
    for (const robotId of e.robotIds) {
      if (schemaCode(robotIdSchema, robotId)) return ['ROBOT_ID_FORMAT', 'robotIds'];
      const robot = found.get(robotId);
      if (!robot) return ['DEVICE_NOT_EXIST', 'robotIds'];
      if (seenRobots.has(robotId)) return ['DEVICE_ALREADY_SELECTED', 'robotIds'];
      if (robot.projectId) return ['DEVICE_HAS_PROPERTY', 'robotIds'];
    }
    return null;
  };

  const rows: OwnerImportRow[] = [];
  for (const e of entries) {
    const refused = await refusal(e);
    // Later rows are checked against the earlier ones, refused or not: one reason per duplicate.
    seen.username.add(e.cells.username.toLowerCase());
    if (e.cells.contactPhone) seen.phone.add(e.cells.contactPhone);
    seen.property.add(e.cells.propertyName);
    for (const id of e.robotIds) seenRobots.add(id);
    rows.push({
      row: e.row,
      username: e.cells.username,
      name: e.cells.name,
      propertyName: e.cells.propertyName,
      robotIds: e.robotIds,
      ok: refused === null,
      code: refused?.[0] ?? null,
      field: refused?.[1] ?? null,
      msg: refused ? `${titles[refused[1]]}: ${messageFor(refused[0], lang)}` : null,
    });
  }
  const validCount = rows.filter((r) => r.ok).length;
  let created = 0;
  if (opts.confirm && validCount === rows.length) {
    const now = ctx.clock.now();
    created = await ctx.db.transaction(async (tx) => {
      for (const e of entries) {
        const projectId = newId();
        const c = e.cells;
        await insertProject(tx, {
          id: projectId,
          name: c.propertyName,
          type: e.type,
          province: c.province || null,
          city: c.city || null,
          district: c.district || null,
          address: c.address || null,
          contact: c.name || null,
          phone: c.contactPhone || null,
          createdAt: now,
        });
        await owners.createAccount(user, accountInput(e, opts.parentId, projectId), lang);
        await assignRobotsToProject(tx, e.robotIds, projectId, now);
      }
      return entries.length;
    });
  }
  return { total: rows.length, validCount, created, rows };
}
