import * as XLSX from '@e965/xlsx';
import { checkName, checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import { messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import { INDUSTRIES } from '@robot-ads/contracts/customers/enterprise.rules';
import { hasImportExtension } from '@robot-ads/contracts/devices/devices.rules';
import { storedRegionNames } from '@robot-ads/contracts/regions/regions';
import { LEAD_SOURCES } from '@robot-ads/contracts/sales/leads.schemas';
import { LEAD_PRIORITIES } from '@robot-ads/contracts/sales/sales.rules';
import { AppError } from '../../platform/app-error';

export interface LeadImportRow {
  row: number;
  name: string;
  phone: string;
  industry: string;
  province: string;
  city: string;
  source: (typeof LEAD_SOURCES)[number];
  priority: (typeof LEAD_PRIORITIES)[number];
}
export interface LeadImportError {
  row: number;
  code: string;
  message: string;
}

/**
 * Reads a lead sheet (.xlsx/.xls; columns name, phone, industry, province, city, source, priority from
 * row 2) and checks every row by the section 5 rules; phones must not repeat within the file.
 */
export function parseLeadFile(
  buffer: Buffer,
  filename: string,
  lang: Language,
): { rows: LeadImportRow[]; errors: LeadImportError[] } {
  if (!hasImportExtension(filename)) throw new AppError('IMPORT_FILE_TYPE', {}, 'file');
  let cells: unknown[][];
  try {
    const book = XLSX.read(buffer, { type: 'buffer', dense: true, cellDates: false });
    const first = book.SheetNames[0];
    const sheet = first ? book.Sheets[first] : undefined;
    if (!sheet) throw new Error('no sheet');
    cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: '', raw: false });
  } catch {
    throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  }
  const body = cells.slice(1).filter((r) => r.some((v) => String(v ?? '').trim() !== ''));
  if (body.length === 0) throw new AppError('IMPORT_FILE_INVALID', {}, 'file');
  const rows: LeadImportRow[] = [];
  const errors: LeadImportError[] = [];
  const seen = new Set<string>();
  for (const [i, r] of body.entries()) {
    const row = i + 2;
    const [name, phone, industry, province, city, source, priority] = Array.from({ length: 7 }, (_, c) =>
      String(r[c] ?? '').trim(),
    ) as [string, string, string, string, string, string, string];
    const fail = (code: string) => void errors.push({ row, code, message: messageFor(code, lang) });
    const nameCode = checkName(name);
    if (nameCode) {
      fail(nameCode);
      continue;
    }
    const phoneCode = checkPhone(phone, lang);
    if (phoneCode) {
      fail(phoneCode);
      continue;
    }
    if (seen.has(phone)) {
      fail('LEAD_PHONE_EXISTS');
      continue;
    }
    seen.add(phone);
    if (industry && !(INDUSTRIES as readonly string[]).includes(industry)) {
      fail('INDUSTRY_INVALID');
      continue;
    }
    rows.push({
      row,
      name,
      phone,
      industry,
      // An English or short name of the region list is stored as the list writes it (广东省 深圳市).
      ...storedRegionNames({ province: province.slice(0, 30), city: city.slice(0, 30) }),
      source: (LEAD_SOURCES as readonly string[]).includes(source) ? (source as LeadImportRow['source']) : 'other',
      priority: (LEAD_PRIORITIES as readonly string[]).includes(priority)
        ? (priority as LeadImportRow['priority'])
        : 'ordinary',
    });
  }
  return { rows, errors };
}
