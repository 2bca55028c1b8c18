import type { Rng } from './random';

/** The part of JSON Schema (OpenAPI 3 flavour, as the zod transform writes it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Strings every text input meets sooner or later: NUL (PostgreSQL text cannot hold it), emoji and
 * right-to-left marks, lone surrogates, SQL and script injections, path traversal, format strings,
 * numbers that are not numbers. Each must be refused or stored, never a 5xx.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  '%00',
  '😀🚀👩‍👩‍👧‍👦',
  '\u202eevil\u202c',
  'שלום مرحبا',
  '\ud800',
  "' OR 1=1 --",
  "'; DROP TABLE accounts; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%s%s%s%n',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  ' ',
  '',
  '\r\nX-Injected: 1',
  'null',
  '[object Object]',
  '__proto__',
];

/**
 * Numbers at the edges of what columns and JavaScript hold: the int4 limits and one past them, 2^53,
 * 1e20, -0, and numeric texts (query values arrive as text). Every one must be a 400 naming the field or
 * be stored, never a 5xx (an integer column given 2^31 answers PostgreSQL 22003).
 */
export const BOUNDARY_NUMBERS: readonly unknown[] = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e20,
  -1e20,
  -0,
  'NaN',
  '-NaN',
  'Infinity',
  '2147483648',
  '-2147483649',
  '1e20',
];

/** The boundary numbers past the int4 range: each integer field meets one of them in every run. */
export const OUT_OF_INT4: readonly number[] = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e20, 99_999_999_999];

/** Whether a field takes numbers. */
export function isNumeric(schema: JsonSchema): boolean {
  const target = schema.anyOf?.find((o) => typesOf(o).some((t) => t === 'integer' || t === 'number')) ?? schema;
  return typesOf(target).some((t) => t === 'integer' || t === 'number');
}

/** A long string (over any sane bound, under the body limit). */
export const HUGE_STRING = 'x'.repeat(100_000);

const ID = /^\^\[0-9a-f\]\{(\d+)\}/;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** A string that fits the schema's pattern and length (known patterns of our contracts, else a search). */
function validString(schema: JsonSchema, rng: Rng): string {
  if (schema.format === 'email') return `fuzz${rng.int(1, 9999)}@example.com`;
  if (schema.format === 'uri' || schema.format === 'url') return `https://example.com/${rng.hex(6)}`;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  if (schema.pattern) {
    const idLength = ID.exec(schema.pattern)?.[1];
    if (idLength) return rng.hex(Math.max(Number(idLength), 24 <= max ? 24 : Number(idLength)));
    const re = new RegExp(schema.pattern, 'u');
    const candidates = [
      `fuzz_${rng.hex(4)}`,
      `Fuzz ${rng.hex(4)} 测试`,
      `fuzz-${rng.hex(8)}`,
      rng.hex(24),
      `1380013${rng.int(1000, 9999)}`,
      `+86 1380013${rng.int(1000, 9999)}`,
      `fuzz${rng.int(1, 9999)}@example.com`,
      `${rng.int(0, 23)}:${rng.int(10, 59)}`,
      String(rng.int(1, 9999)),
      'Abc@1234x',
    ];
    const fit = candidates.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (fit) return fit;
    return candidates[0] as string;
  }
  const base = rng.pick(['fuzz', 'Fuzz 测试', 'robot 机器人', 'a', 'Test@1234', `f${rng.hex(6)}`]);
  let s = base;
  while (s.length < min) s += 'x';
  return s.slice(0, Math.max(max, min));
}

function validNumber(schema: JsonSchema, rng: Rng, integer: boolean): number {
  let lo = schema.minimum ?? -1000;
  let hi = schema.maximum ?? 1000;
  if (typeof schema.exclusiveMinimum === 'number') lo = schema.exclusiveMinimum + 1;
  else if (schema.exclusiveMinimum === true) lo += 1;
  if (typeof schema.exclusiveMaximum === 'number') hi = schema.exclusiveMaximum - 1;
  else if (schema.exclusiveMaximum === true) hi -= 1;
  // Stay near the low end of huge ranges (timestamps, safe integers) but inside them.
  if (hi - lo > 1_000_000) hi = lo + 1_000_000;
  if (hi < lo) hi = lo;
  const n = lo + rng.next() * (hi - lo);
  return integer ? Math.min(hi, Math.max(lo, Math.round(n))) : n;
}

/**
 * Fields whose valid values a schema cannot say (refined strings): a valid value by the field's name, so that
 * the valid request of an operation reaches its service rather than stopping at validation.
 */
const BY_NAME: Record<string, (rng: Rng) => unknown> = {
  timeZone: (rng) => rng.pick(['Asia/Shanghai', 'Asia/Kolkata', 'Australia/Sydney', 'UTC']),
  adIds: (rng) => `${rng.hex(24)},${rng.hex(24)}`,
  month: (rng) => `2026-${String(rng.int(1, 12)).padStart(2, '0')}`,
};

/** A valid value of a named field (a query parameter or an object property). */
export function validNamedValue(name: string, schema: JsonSchema, rng: Rng, depth = 0): unknown {
  const byName = BY_NAME[name];
  return byName && typesOf(schema).includes('string') ? byName(rng) : validValue(schema, rng, depth);
}

/** A value the schema accepts (as far as plain JSON Schema says; cross-field rules are not known). */
export function validValue(schema: JsonSchema, rng: Rng, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return validValue(rng.pick(options), rng, depth);
  if (schema.allOf?.length) return validValue(schema.allOf[0] as JsonSchema, rng, depth);
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types.length ? rng.pick(types) : 'string';
  switch (type) {
    case 'string':
      return validString(schema, rng);
    case 'integer':
      return validNumber(schema, rng, true);
    case 'number':
      return validNumber(schema, rng, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, depth > 2 ? min : 3);
      const n = rng.int(min, Math.max(min, max));
      return Array.from({ length: n }, () => validValue(schema.items ?? { type: 'string' }, rng, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || (depth < 3 && rng.chance(0.7))) out[key] = validNamedValue(key, sub, rng, depth + 1);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

/** Values of the wrong type or out of the field's bounds, for one field of this schema. */
export function wrongValues(schema: JsonSchema, rng: Rng): unknown[] {
  const types = typesOf(schema);
  const out: unknown[] = [null, true, 12345, -1, 1.5, {}, [], { $gt: '' }, HUGE_STRING, ...HOSTILE_STRINGS];
  if (types.includes('string') || types.length === 0) {
    if (schema.maxLength !== undefined) out.push('y'.repeat(schema.maxLength + 1));
    if (schema.minLength) out.push('y'.repeat(schema.minLength - 1));
    if (schema.enum) out.push(`${String(schema.enum[0])}_not_a_choice`);
  }
  if (types.includes('integer') || types.includes('number')) {
    if (schema.minimum !== undefined) out.push(schema.minimum - 1);
    if (schema.maximum !== undefined) out.push(schema.maximum + 1);
    out.push(Number.MAX_SAFE_INTEGER + 2, -1e308, 1e308, '12abc', '', ...BOUNDARY_NUMBERS);
  }
  if (types.includes('array')) {
    if (schema.maxItems !== undefined) {
      out.push(Array.from({ length: Math.min(schema.maxItems + 1, 5000) }, () => 'x'));
    }
    out.push([null], [HUGE_STRING], [[[[]]]]);
  }
  if (types.includes('object')) out.push('not an object', [{}]);
  return rng.sample(out, out.length);
}

/** The paths (dotted) of the fields of an object schema, nested objects included, up to `depth`. */
export function fieldPaths(
  schema: JsonSchema,
  depth = 2,
  prefix: string[] = [],
): { path: string[]; schema: JsonSchema }[] {
  const out: { path: string[]; schema: JsonSchema }[] = [];
  const target = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  for (const [key, sub] of Object.entries(target.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: sub });
    if (depth > 1 && (sub.properties || sub.anyOf || sub.oneOf)) out.push(...fieldPaths(sub, depth - 1, path));
  }
  return out;
}

/** A deep copy of `value` with `path` set to `replacement` (or removed when `remove`). */
export function withField(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  const root = structuredClone(value ?? {}) as Record<string, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (remove) delete node[last];
  else node[last] = replacement;
  return root;
}

/** Every string leaf of a value replaced by `make()` (to put one hostile text in every field at once). */
export function everyString(value: unknown, make: () => string): unknown {
  if (typeof value === 'string') return make();
  if (Array.isArray(value)) return value.map((v) => everyString(v, make));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyString(v, make)]));
  }
  return value;
}
