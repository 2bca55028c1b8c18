import * as XLSX from '@e965/xlsx';
import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import {
  AD_CAPABLE_TYPES,
  type DeviceType,
  hasImportExtension,
  IMPORT_MAX_BYTES,
  remainingSlots,
} from '@robot-ads/contracts/devices/devices.rules';
import type { ImportCheck, ImportRow } from '@robot-ads/contracts/devices/devices.schemas';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { tr } from '../../platform/i18n/i18n';
import { loadExcel } from '../../platform/on-first-use';
import { isSuperuser } from '../../platform/session-user';
import type { DevicesContext } from './devices.context';
import { findRobotsByRobotIds, type RobotJoined, type ScopeUser } from './devices.repository';
import { usedSlotsOf } from './devices.service';

/** A robot ID read from a file (row is the spreadsheet row, from 2) or given in a request. */
export interface RobotIdEntry {
  row: number;
  robotId: string;
  /** Columns B, C ... of the row (scene imports carry the scene name in B). */
  extra?: string[];
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const XLS_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);
/** The header of column A in the template (either language) or a recognisable variant of it. */
const HEADER_PATTERN = /(robot\s*_?id|device\s*_?id|设备\s*id|机器人\s*id|设备编号|设备ID)/i;

/**
 * The cells of the first sheet of an import file (spec section 5: .xlsx or .xls), as trimmed text, row 1
 * (the template's header) first. Refuses a file that is not a spreadsheet (IMPORT_FILE_TYPE,
 * IMPORT_FILE_INVALID).
 */
export function readSheetRows(buffer: Buffer, filename: string): string[][] {
  if (!hasImportExtension(filename)) throw new AppError('IMPORT_FILE_TYPE', {}, 'file');
  const isXlsx = filename.toLowerCase().endsWith('.xlsx');
  if (!startsWith(buffer, isXlsx ? XLSX_MAGIC : XLS_MAGIC)) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  try {
    const book = XLSX.read(buffer, { type: 'buffer', dense: true, cellDates: false });
    const first = book.SheetNames[0];
    const sheet = first ? book.Sheets[first] : undefined;
    if (!sheet) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true, defval: '', raw: false });
    return rows.map((r) => (r ?? []).map((v) => String(v ?? '').trim()));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  }
}

/** The rows below the header up to the last non-blank one (`blank` is the code of a blank row in between). */
export function bodyRows(rows: string[][], blank: 'IMPORT_BLANK_ROW' | 'OWNER_IMPORT_BLANK_ROW'): string[][] {
  const body = rows.slice(1);
  const isBlank = (r: string[] | undefined) => !r || r.every((v) => v === '');
  let last = body.length - 1;
  while (last >= 0 && isBlank(body[last])) last--;
  if (last < 0) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  for (let i = 0; i <= last; i++) if (isBlank(body[i])) throw new AppError(blank, { row: i + 2 }, 'file');
  return body.slice(0, last + 1);
}

/**
 * Reads the device IDs of an import file (spec section 5): .xlsx or .xls, IDs in column A from A2,
 * no blank rows between them. Refuses a file that is not a spreadsheet, has no template header or
 * no IDs (IMPORT_FILE_INVALID) and a blank row (IMPORT_BLANK_ROW).
 */
export function parseRobotIdFile(buffer: Buffer, filename: string): RobotIdEntry[] {
  const rows = readSheetRows(buffer, filename);
  if (!HEADER_PATTERN.test(rows[0]?.[0] ?? '')) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  const values = rows.slice(1).map((r) => r[0] ?? '');
  let last = values.length - 1;
  while (last >= 0 && values[last] === '') last--;
  if (last < 0) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  const entries: RobotIdEntry[] = [];
  for (let i = 0; i <= last; i++) {
    const robotId = values[i] ?? '';
    if (robotId === '') throw new AppError('IMPORT_BLANK_ROW', { row: i + 2 }, 'file');
    entries.push({ row: i + 2, robotId, extra: (rows[i + 1] ?? []).slice(1) });
  }
  return entries;
}

/** An import template: the column headers in row 1 (bold, text cells) and a note after them. */
export async function buildTemplate(sheetName: string, headers: string[], note: string): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(sheetName);
  headers.forEach((header, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.value = header;
    cell.font = { bold: true };
    sheet.getColumn(i + 1).width = Math.max(16, header.length * 2 + 4);
    sheet.getColumn(i + 1).numFmt = '@';
  });
  sheet.getRow(1).getCell(headers.length + 2).value = note;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The downloadable device-ID import template: the header in A1 and a note beside it. */
export async function buildImportTemplate(lang: Language): Promise<Buffer> {
  return buildTemplate(
    tr(lang, 'devices:import.sheet'),
    [tr(lang, 'devices:import.header')],
    tr(lang, 'devices:import.note'),
  );
}

/**
 * Reads the one uploaded file of a multipart request (at most 5MB, .xlsx or .xls) and its text fields.
 * The multipart parser must be registered in the calling plugin (see `registerImportMultipart`).
 */
export async function readImportUpload(
  request: FastifyRequest,
): Promise<{ buffer: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  let file: { buffer: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 20 } })) {
      if (part.type === 'file') {
        if (file) {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('IMPORT_ONE_FILE', {}, 'file');
        }
        if (!hasImportExtension(part.filename)) {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('IMPORT_FILE_TYPE', {}, 'file');
        }
        file = { buffer: await part.toBuffer(), filename: part.filename };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMPORT_FILE_TOO_LARGE', {}, 'file');
    if (code === 'FST_FILES_LIMIT') throw new AppError('IMPORT_ONE_FILE', {}, 'file');
    throw err;
  }
  if (!file || file.buffer.length === 0) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  return { ...file, fields };
}

export interface RobotCheckOptions {
  /** Robot IDs already in the caller's list (a group's members, a plan's selection). */
  existing?: Iterable<string>;
  /** Slots the delivery needs on each device; checked when given. */
  requiredSlots?: number;
  /** The robots of the entries, when the caller has already read them (one query, not two). */
  robots?: RobotJoined[];
  /** Slots already used on each robot (robots.id), when the caller has already read them. */
  usedSlots?: Map<string, number>;
  /** Commercial ads (default true): refuses devices whose owner does not allow them. */
  commercial?: boolean;
  /** Types the delivery supports (default: every type with an ad screen). */
  types?: readonly DeviceType[];
  lang: Language;
}

/** Whether the caller may put this robot in a list at all (ownership, not delivery rules). */
function mayUse(user: ScopeUser, projectId: string | null): boolean {
  if (isSuperuser(user) || isOperatorRole(user.role) || isAdvertiserRole(user.role)) return true;
  if (user.role === 'project') return !!user.projectId && projectId === user.projectId;
  return false;
}

/**
 * Checks robot IDs for a device list (groups, publishing): every row gets a section 8 reason or ok.
 * The service other modules call: it never adds anything.
 */
export async function checkRobotIds(
  ctx: DevicesContext,
  db: DbOrTx,
  user: ScopeUser,
  entries: RobotIdEntry[],
  opts: RobotCheckOptions,
): Promise<ImportCheck> {
  const now = ctx.clock.now();
  const found = opts.robots ?? (await findRobotsByRobotIds(db, [...new Set(entries.map((e) => e.robotId))]));
  const byId = new Map(found.map((r) => [r.robot.robotId, r]));
  const used =
    opts.usedSlots ??
    (opts.requiredSlots !== undefined
      ? await usedSlotsOf(
          ctx,
          db,
          found.map((r) => r.robot.id),
        )
      : new Map());
  const taken = new Set(opts.existing ?? []);
  const types = new Set<string>(opts.types ?? AD_CAPABLE_TYPES);
  const commercial = opts.commercial ?? true;
  const rows: ImportRow[] = [];
  const valid: string[] = [];
  for (const entry of entries) {
    const hit = byId.get(entry.robotId);
    const r = hit?.robot;
    let code: ErrorCode | null = null;
    if (!r) code = 'DEVICE_NOT_EXIST';
    else if (!mayUse(user, r.projectId)) code = 'DEVICE_NO_PERMISSION';
    else if (taken.has(r.robotId)) code = 'DEVICE_ALREADY_SELECTED';
    else if (!types.has(r.type)) code = 'DEVICE_TYPE_UNSUPPORTED';
    else if (!r.activated) code = 'DEVICE_NOT_ACTIVATED';
    else if (r.expireAt && r.expireAt.getTime() <= now.getTime()) code = 'DEVICE_EXPIRED';
    else if (!r.inUse) code = 'DEVICE_UNUSED';
    else if (r.listType === 'blacklist') code = 'DEVICE_BLACKLISTED';
    else if (commercial && !r.postAds) code = 'DEVICE_COMMERCIAL_NOT_ALLOWED';
    else if (opts.requiredSlots !== undefined && remainingSlots(used.get(r.id) ?? 0) < opts.requiredSlots) {
      code = 'DEVICE_SLOTS_INSUFFICIENT';
    }
    // A robot listed twice in one file: the second row is "already in the list".
    if (r && !code) {
      taken.add(r.robotId);
      valid.push(r.robotId);
    }
    rows.push({
      row: entry.row,
      robotId: entry.robotId,
      ok: code === null,
      code,
      msg: code
        ? messageFor(
            code,
            opts.lang,
            code === 'DEVICE_TYPE_UNSUPPORTED' && r ? { type: r.type, accepted: [...types].join(', ') } : {},
          )
        : null,
      name: hit ? (hit.robot.name ?? null) : null,
    });
  }
  return { total: rows.length, validCount: valid.length, valid, rows };
}
