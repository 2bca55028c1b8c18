import * as XLSX from '@e965/xlsx';
import { newId } from '@robot-ads/contracts/common/ids';
import ExcelJS from 'exceljs';
import { projects, robots } from '../src/modules/devices/devices.table';
import type { TestApp } from './build-app';

let seq = 0;

/** Inserts a property directly. */
export async function createProject(t: TestApp, overrides: Partial<typeof projects.$inferInsert> = {}) {
  seq += 1;
  const row = {
    id: newId(),
    name: `Property ${seq}`,
    type: 'project',
    province: '广东省',
    city: '深圳市',
    ...overrides,
  };
  await t.app.ctx.db.insert(projects).values(row);
  return row;
}

/**
 * Inserts a robot directly: activated, in use, ads allowed, no expiry unless told otherwise. Stamped by the
 * app's clock, as the app does, not by the database's (a test clock may be months away from it).
 */
export async function createRobot(t: TestApp, overrides: Partial<typeof robots.$inferInsert> = {}) {
  seq += 1;
  const now = t.app.ctx.clock.now();
  const row = {
    id: newId(),
    robotId: `RB${process.pid}${seq.toString().padStart(5, '0')}`,
    name: `Robot ${seq}`,
    type: 'service',
    activated: true,
    inUse: true,
    postAds: true,
    listType: 'none',
    province: '广东省',
    city: '深圳市',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await t.app.ctx.db.insert(robots).values(row);
  return row;
}

/** A real .xlsx file (exceljs) with the header in A1 and the given cells of column A from A2. */
export async function xlsxFile(rows: Array<string | null | Array<string | null>>, header = '设备ID'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.getCell('A1').value = header;
  rows.forEach((r, i) => {
    const cells = Array.isArray(r) ? r : [r];
    cells.forEach((v, j) => {
      if (v !== null) sheet.getRow(i + 2).getCell(j + 1).value = v;
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A real legacy .xls file (BIFF8, written by SheetJS). */
export function xlsFile(rows: Array<string | null>, header = 'Robot ID'): Buffer {
  const aoa = [[header], ...rows.map((r) => [r ?? ''])];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** A multipart/form-data request body for app.inject. */
export function multipart(
  files: Array<{ field?: string; filename: string; content: Buffer }>,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----robotads${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A device as a robot gets one: an operator (these headers) issues an activation secret for a new robot,
 * the robot activates with it. Returns the device token and the secret used.
 */
export async function activatedDevice(
  t: TestApp,
  operator: Record<string, string>,
): Promise<{ token: string; secret: string }> {
  const robot = await createRobot(t, { activated: false });
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/Devices/activationSecret',
    headers: operator,
    payload: { robotId: robot.robotId },
  });
  const { secret } = issued.json().data as { secret: string };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/activate',
    payload: { robotId: robot.robotId, secret },
  });
  return { token: res.json().data.token as string, secret };
}
