/**
 * Example values generated from a JSON Schema (2020-12, as zod writes it into the OpenAPI 3.1 document):
 * what a generated client's docs and a reader of /api/docs show next to each body, parameter and answer.
 * Deterministic (the same schema gives the same example), valid against the schema for the keywords zod
 * writes (types, enums, consts, bounds, formats, required properties).
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minItems?: number;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  description?: string;
}

const FORMATS: Record<string, string> = {
  'date-time': '2026-11-28T08:00:00.000Z',
  date: '2026-11-28',
  time: '08:00:00',
  email: 'ops@example.com',
  uri: 'https://partner.example.com/hooks',
  url: 'https://partner.example.com/hooks',
  uuid: '3f2b8c1e-6a4d-4e8f-9b21-7c5d0a9e4f11',
  ipv4: '203.0.113.10',
  ipv6: '2001:db8::10',
  binary: '<binary>',
  byte: 'aGVsbG8=',
  base64: 'aGVsbG8=',
};

/** Strings tried against a `pattern`, in order. */
const PATTERN_CANDIDATES = [
  'example',
  'abc123',
  'A1',
  '1',
  '0',
  '5f9c0a7e2b1d4c3a8e6f0b12',
  '2026-11-28',
  '2026-11',
  'GET /api/Devices/queryRobotInfo',
  '/path',
  '2026-11-28 08:00:00',
  '08:00',
  '#1677ff',
  'zh',
  'en',
  'dt_q8Hk2mZ4',
  'op0123456789abcdef0123',
  '203.0.113.0/24',
  'a',
];

/**
 * Unix seconds for time parameters, by name: a range starts before it ends (2026-11-28 00:00 to 2026-12-05
 * 00:00, Asia/Shanghai), so that the examples of `begin`/`end` (and their kin) are a range the server accepts.
 */
const RANGE_BEGIN = 1795795200;
const RANGE_END = RANGE_BEGIN + 7 * 86400;
const TIMES_BY_NAME: Record<string, number> = {
  begin: RANGE_BEGIN,
  beginTime: RANGE_BEGIN,
  startTime: RANGE_BEGIN,
  from: RANGE_BEGIN,
  timePoint: RANGE_BEGIN,
  end: RANGE_END,
  endTime: RANGE_END,
  to: RANGE_END,
  until: RANGE_END,
  dueBefore: RANGE_END,
  /** A place: Shenzhen, Nanshan. */
  lng: 113.93,
  lat: 22.54,
};

/** A readable string for a property, by its name. */
function byName(name: string): string | undefined {
  if (/^time_?zone$/i.test(name)) return 'Asia/Shanghai';
  if (name === 'province') return '广东省';
  if (name === 'city') return '深圳市';
  if (name === 'district') return '南山区';
  if (/^if-none-match$/i.test(name)) return '"3f2b8c1e6a4d"';
  if (/url$/i.test(name)) return 'https://cdn.example.com/file.jpg';
  if (/^(id|.*Id|.*Ids)$/.test(name)) return '5f9c0a7e2b1d4c3a8e6f0b12';
  if (/name$/i.test(name)) return 'Example';
  if (/mobile|phone/i.test(name)) return '13800138000';
  if (/email/i.test(name)) return 'ops@example.com';
  return undefined;
}

function fitsString(s: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && s.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && s.length > schema.maxLength) return false;
  if (schema.pattern !== undefined) {
    try {
      if (!new RegExp(schema.pattern, 'u').test(s)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

function stringExample(schema: JsonSchema, name: string): string {
  const candidates = [
    ...(schema.format && FORMATS[schema.format] ? [FORMATS[schema.format]!] : []),
    ...(byName(name) ? [byName(name)!] : []),
    ...PATTERN_CANDIDATES,
  ];
  const found = candidates.find((c) => fitsString(c, schema));
  if (found !== undefined) return found;
  const min = Math.max(1, schema.minLength ?? 1);
  return 'a'.repeat(Math.min(min, schema.maxLength ?? min));
}

function numberExample(schema: JsonSchema, integer: boolean, name = ''): number {
  const time = TIMES_BY_NAME[name];
  if (
    time !== undefined &&
    (schema.minimum === undefined || time >= schema.minimum) &&
    (schema.maximum === undefined || time <= schema.maximum) &&
    !schema.multipleOf &&
    (!integer || Number.isInteger(time))
  )
    return time;
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let low = schema.minimum ?? (exMin !== undefined ? exMin + (integer ? 1 : 0.5) : undefined);
  const high = schema.maximum ?? (exMax !== undefined ? exMax - (integer ? 1 : 0.5) : undefined);
  let value = low ?? (high !== undefined ? Math.min(1, high) : 1);
  if (low !== undefined && high !== undefined && low <= 1 && high >= 1) value = 1;
  if (integer) value = Math.ceil(value);
  if (schema.multipleOf) {
    low ??= value;
    value = Math.ceil(low / schema.multipleOf) * schema.multipleOf;
  }
  return value;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

export type RefResolver = (ref: string) => JsonSchema | undefined;

/** An example value of `schema`; `name` is the property it is for (a hint for readable strings). */
export function exampleOf(
  schema: JsonSchema,
  resolve: RefResolver,
  name = '',
  depth = 0,
  seen = new Set<string>(),
): unknown {
  if (schema.$ref) {
    if (seen.has(schema.$ref) || depth > 10) return undefined;
    const target = resolve(schema.$ref);
    if (!target) return undefined;
    return exampleOf(target, resolve, name, depth + 1, new Set([...seen, schema.$ref]));
  }
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) {
    const useful = options.find((o) => !typesOf(o).every((t) => t === 'null') && o.const !== null) ?? options[0]!;
    return exampleOf(useful, resolve, name, depth + 1, seen);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    const parts = schema.allOf.map((s) => exampleOf(s, resolve, name, depth + 1, seen));
    if (parts.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p)))
      return Object.assign({}, ...parts);
    return parts[0];
  }
  const type = typesOf(schema).find((t) => t !== 'null') ?? (typesOf(schema).includes('null') ? 'null' : undefined);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
      return numberExample(schema, true, name);
    case 'number':
      return numberExample(schema, false, name);
    case 'string':
      return stringExample(schema, name);
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => exampleOf(s, resolve, name, depth + 1, seen));
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      if (!items || depth > 14) return [];
      const item = exampleOf(items, resolve, name, depth + 1, seen);
      if (item === undefined) return [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 14) return out;
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const value = exampleOf(sub, resolve, key, depth + 1, seen);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}
