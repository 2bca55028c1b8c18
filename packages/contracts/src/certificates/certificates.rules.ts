/**
 * Pure rules of proof-of-play certificates (docs/certificates.md): the canonical JSON that is signed and the
 * verification code's spelling. Server, web and anyone checking a certificate by hand read the same rules.
 */

/**
 * The canonical JSON of a value: object keys sorted by UTF-16 code units, no white space, numbers and
 * strings as `JSON.stringify` writes them (RFC 8785, JCS, for the values a certificate holds: strings,
 * integers, two-decimal numbers, booleans, null, arrays and objects). `undefined` members are left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Crockford's base 32 (no I, L, O, U): what a verification code is written in. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A code is 16 characters (80 random bits), printed in groups of four: `7K2M-9QXD-4T1B-HV8R`. */
export const CODE_LENGTH = 16;

/** Groups a code's 16 characters as it is printed: four groups of four joined by hyphens. */
export function formatCertificateCode(raw: string): string {
  return raw.match(/.{1,4}/g)?.join('-') ?? raw;
}

/**
 * A code as a person may type it (lower case, without or with other separators, O for 0, I or L for 1)
 * in its printed form; null when it cannot be a code.
 */
export function normalizeCertificateCode(input: string): string | null {
  const raw = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (raw.length !== CODE_LENGTH) return null;
  for (const ch of raw) if (!CODE_ALPHABET.includes(ch)) return null;
  return formatCertificateCode(raw);
}
