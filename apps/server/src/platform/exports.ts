import fs from 'node:fs';
import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import { eq } from 'drizzle-orm';
import { type AnyPgColumn, integer, type PgTable, type PgUpdateSetSource, text, timestamp } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';
import type { AppContext } from './context';
import { loadExcel } from './on-first-use';
import { isSuperuser, type SessionUser } from './session-user';

/** How many rows an export job reads and writes at a time (progress is recorded after each page). */
export const EXPORT_PAGE_SIZE = 500;

/** The columns every background-export table has (device_exports, publish_exports, audit_exports). */
export interface ExportRow {
  key: string;
  state: string;
  total: number;
  done: number;
  filePath: string | null;
  fileName: string | null;
  createdBy: string;
}

/** The ExportRow columns, for a new table of export jobs: `pgTable(name, { ...exportJobColumns(), ...its own })`. */
export function exportJobColumns() {
  return {
    key: text('key').primaryKey(),
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    filePath: text('file_path'),
    fileName: text('file_name'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** A Drizzle table of export jobs, keyed by `key`. */
export type ExportTable = PgTable & { key: AnyPgColumn; $inferSelect: ExportRow };

/** One worksheet of an export: its name, columns, and how to read the rows page by page. */
export interface ExportSheet {
  name: string;
  /** `style` (e.g. wrapped text for a multi-line column) applies to the column's cells. */
  columns: { header?: string; key: string; width: number; style?: Partial<ExcelJS.Style> }[];
  /** The rows from `start` on, at most EXPORT_PAGE_SIZE; a shorter page is the last. */
  page: (start: number) => Promise<Record<string, unknown>[]>;
}

/** What a job writes: the file `<filePrefix>-<key>.xlsx` under DATA_DIR/exports, and its sheet. */
export interface ExportJobSpec<T extends ExportTable> {
  filePrefix: string;
  /** Opened once the job is marked running: a failure from then on marks the job failed. */
  sheet: () => ExportSheet;
  /** Logged with the error when the job fails. */
  failedMessage: string;
  /** More columns to store when the job fails (e.g. the error text). */
  failure?: (err: unknown) => Partial<T['$inferInsert']>;
}

function exportsDir(ctx: AppContext) {
  const dir = path.join(ctx.config.DATA_DIR, 'exports');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function findExport<T extends ExportTable>(ctx: AppContext, table: T, key: string) {
  const rows = await ctx.db
    .select()
    .from(table as PgTable)
    .where(eq(table.key, key))
    .limit(1);
  return rows[0] as T['$inferSelect'] | undefined;
}

async function updateExport<T extends ExportTable>(
  ctx: AppContext,
  table: T,
  key: string,
  values: Partial<ExportRow> & Partial<T['$inferInsert']>,
) {
  await ctx.db
    .update(table)
    .set(values as PgUpdateSetSource<T>)
    .where(eq(table.key, key));
}

/**
 * Starts an export of `total` rows (EXPORT_EMPTY when there are none): records the caller's job with its own
 * columns (`values`) and queues `jobName` with `{ key }`; the key is what the progress and result calls take.
 */
export async function queueExport<T extends ExportTable>(
  ctx: AppContext,
  table: T,
  jobName: string,
  user: Pick<SessionUser, 'id'>,
  values: Omit<T['$inferInsert'], 'key' | 'createdBy' | 'createdAt'> & { total: number },
): Promise<{ key: string }> {
  if (values.total === 0) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await ctx.db
    .insert(table as PgTable)
    .values({ ...values, key, createdBy: user.id, createdAt: ctx.clock.now() } as PgTable['$inferInsert']);
  await ctx.jobs.send(jobName, { key });
  return { key };
}

/**
 * The job of a background export: writes the workbook page by page, recording progress after each page,
 * then the file (state done) or the failure (state failed). A missing or finished job is left alone.
 */
export async function runExportJob<T extends ExportTable>(
  ctx: AppContext,
  table: T,
  key: string,
  describe: (job: T['$inferSelect']) => ExportJobSpec<T>,
) {
  const job = await findExport(ctx, table, key);
  if (!job || job.state === 'done') return;
  const spec = describe(job);
  const fileName = `${spec.filePrefix}-${key}.xlsx`;
  const filePath = path.join(exportsDir(ctx), fileName);
  await updateExport(ctx, table, key, { state: 'running', done: 0 });
  try {
    const source = spec.sheet();
    const book = new (await loadExcel()).stream.xlsx.WorkbookWriter({ filename: filePath, useStyles: true });
    const sheet = book.addWorksheet(source.name);
    sheet.columns = source.columns;
    let start = 0;
    let done = 0;
    for (;;) {
      const rows = await source.page(start);
      if (rows.length === 0) break;
      for (const row of rows) sheet.addRow(row).commit();
      done += rows.length;
      start += rows.length;
      await updateExport(ctx, table, key, { done });
      if (rows.length < EXPORT_PAGE_SIZE) break;
    }
    sheet.commit();
    await book.commit();
    await updateExport(ctx, table, key, {
      state: 'done',
      done,
      total: Math.max(done, job.total),
      filePath,
      fileName,
    });
  } catch (err) {
    ctx.log.error({ err, key }, spec.failedMessage);
    await updateExport(ctx, table, key, { state: 'failed', ...spec.failure?.(err) });
  }
}

/** The caller's export job (a superuser sees every one), or EXPORT_NOT_FOUND. */
async function ownExport<T extends ExportTable>(ctx: AppContext, table: T, user: SessionUser, key: string) {
  const job = await findExport(ctx, table, key);
  if (!job || (job.createdBy !== user.id && !isSuperuser(user))) throw new AppError('EXPORT_NOT_FOUND', {}, 'key');
  return job;
}

/** The progress of the caller's export; once done, `url` is `<downloadPath>?key=<key>`. */
export async function readExportState(
  ctx: AppContext,
  table: ExportTable,
  user: SessionUser,
  key: string,
  downloadPath: string,
): Promise<ExportState> {
  const job = await ownExport(ctx, table, user, key);
  const progress =
    job.state === 'done' ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;
  return {
    key,
    state: job.state as ExportState['state'],
    progress,
    total: job.total,
    done: job.done,
    url: job.state === 'done' ? `${downloadPath}?key=${key}` : null,
    fileName: job.fileName,
  };
}

/** The finished file of the caller's export, to stream as the download. */
export async function openExportFile(ctx: AppContext, table: ExportTable, user: SessionUser, key: string) {
  const job = await ownExport(ctx, table, user, key);
  if (job.state !== 'done' || !job.filePath) throw new AppError('EXPORT_NOT_READY', {}, 'key');
  if (!fs.existsSync(job.filePath)) throw new AppError('DOWNLOAD_FAIL');
  return { stream: fs.createReadStream(job.filePath), fileName: job.fileName ?? `${key}.xlsx` };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A Content-Disposition for a download, with an ASCII fallback and the UTF-8 name (Chinese file names). */
export function attachment(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers with a workbook (.xlsx) as a download named `fileName`. */
export function sendWorkbook(reply: FastifyReply, fileName: string, body: fs.ReadStream | Buffer) {
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(fileName)).send(body);
}
