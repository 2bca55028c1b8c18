/**
 * Shared rules of the enterprise information (spec sections 3 and 5): the unified social credit code
 * (GB 32100-2015: 18 characters, check digit) and the legal person's ID number (GB 11643-1999: 18
 * characters, birth date, check digit). Each check returns a catalogue code (errors.ts) or null; web
 * forms and the server both call them.
 */

export type EnterpriseRuleCode =
  | 'CREDIT_CODE_REQUIRED'
  | 'CREDIT_CODE_LENGTH'
  | 'CREDIT_CODE_FORMAT'
  | 'CREDIT_CODE_CHECK'
  | 'ID_NUMBER_REQUIRED'
  | 'ID_NUMBER_LENGTH'
  | 'ID_NUMBER_FORMAT'
  | 'ID_NUMBER_BIRTH'
  | 'ID_NUMBER_CHECK';

/** The 31 characters of a credit code (no I, O, S, V, Z), in the order of their values 0-30. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_FORMAT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character a 17-character credit code prefix must be followed by. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i] ?? '') * (CREDIT_WEIGHTS[i] ?? 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] ?? '0';
}

/** Unified social credit code: required, 18 characters, the allowed characters, the check character. */
export function checkCreditCode(raw: string | null | undefined): EnterpriseRuleCode | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (!code) return 'CREDIT_CODE_REQUIRED';
  if (code.length !== 18) return 'CREDIT_CODE_LENGTH';
  if (!CREDIT_FORMAT.test(code)) return 'CREDIT_CODE_FORMAT';
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : 'CREDIT_CODE_CHECK';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character a 17-digit ID number prefix must be followed by. */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

/**
 * Legal person ID number: required, 18 characters, 17 digits then a digit or X, a real birth date
 * (YYYYMMDD at positions 7-14, from 1900 and not after `today`), the check character.
 */
export function checkIdNumber(raw: string | null | undefined, today: Date = new Date()): EnterpriseRuleCode | null {
  const id = (raw ?? '').trim().toUpperCase();
  if (!id) return 'ID_NUMBER_REQUIRED';
  if (id.length !== 18) return 'ID_NUMBER_LENGTH';
  if (!/^\d{17}[\dX]$/.test(id)) return 'ID_NUMBER_FORMAT';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  const real = birth.getUTCFullYear() === y && birth.getUTCMonth() === m - 1 && birth.getUTCDate() === d;
  if (!real || y < 1900 || birth.getTime() > today.getTime()) return 'ID_NUMBER_BIRTH';
  return idNumberCheckChar(id.slice(0, 17)) === id[17] ? null : 'ID_NUMBER_CHECK';
}

/**
 * Industry categories (spec section 9: "agriculture, manufacturing, finance and so on"): the sections of
 * the national classification of economic activities (GB/T 4754). Labels are in the web locale files
 * (namespace customers, key `industry.<value>`); the server stores the value.
 */
export const INDUSTRIES = [
  'agriculture',
  'mining',
  'manufacturing',
  'utilities',
  'construction',
  'wholesale_retail',
  'transport',
  'catering',
  'it',
  'finance',
  'real_estate',
  'business_services',
  'research',
  'environment',
  'resident_services',
  'education',
  'health',
  'culture',
  'public_admin',
  'international',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
