/** PostgreSQL's "numeric value out of range" (an integer or numeric column given a number it cannot hold). */
export const PG_OUT_OF_RANGE = '22003';

/** The largest and smallest values of an `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** The SQLSTATE of a database error, also when wrapped (drizzle puts the driver's error in `cause`). */
export function sqlStateOf(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(v)) return Number(v);
  return null;
};

/**
 * Which input field most likely overflowed a column: the first number (or numeric text) of the body,
 * query or path outside the int4 range, else the number of largest size. The database does not name
 * the column, so the request is searched; `null` when it holds no number at all.
 */
export function overflowingField(inputs: Record<string, unknown>): { field: string; value: number } | null {
  let largest: { field: string; value: number } | null = null;
  let outside: { field: string; value: number } | null = null;
  const walk = (value: unknown, path: string[], depth: number) => {
    if (outside || depth > 8) return;
    const n = asNumber(value);
    if (n !== null && path.length > 0) {
      const field = path.join('.');
      if (n > INT4_MAX || n < INT4_MIN) outside = { field, value: n };
      else if (!largest || Math.abs(n) > Math.abs(largest.value)) largest = { field, value: n };
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, [...path, String(i)], depth + 1);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k], depth + 1);
    }
  };
  for (const source of Object.values(inputs)) walk(source, [], 0);
  return outside ?? largest;
}
