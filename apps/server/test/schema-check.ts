import type { JsonSchema } from '../src/platform/openapi/examples';

/**
 * Where a value breaks a JSON Schema (2020-12, the keywords zod writes into the OpenAPI document): types,
 * const, enum, bounds, lengths, patterns, required and closed properties, items, anyOf/oneOf/allOf, $ref.
 * Answers the breaches as `path: what`, empty when the value fits. Used by tests that hold the served
 * answers to their documented schemas.
 */
type Schema = JsonSchema & { prefixItems?: JsonSchema[]; propertyNames?: JsonSchema; maxItems?: number };

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFits(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

export function schemaBreaches(
  value: unknown,
  schema: Schema | boolean | undefined,
  resolve: (ref: string) => JsonSchema | undefined,
  at = '$',
  depth = 0,
): string[] {
  if (schema === undefined || schema === true) return [];
  if (schema === false) return [`${at}: not allowed`];
  if (depth > 40) return [];
  if (schema.$ref) {
    const target = resolve(schema.$ref);
    return target ? schemaBreaches(value, target, resolve, at, depth + 1) : [`${at}: unresolved ${schema.$ref}`];
  }
  const out: string[] = [];
  const actual = typeOf(value);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (schema.nullable && value === null) return [];
  if (types.length > 0 && !types.some((t) => typeFits(t, actual)))
    return [`${at}: ${actual} where ${types.join('|')} is declared`];
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value))
    out.push(`${at}: ${JSON.stringify(value)} is not the constant ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) out.push(`${at}: ${value} < ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) out.push(`${at}: ${value} > ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      out.push(`${at}: ${value} <= ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      out.push(`${at}: ${value} >= ${schema.exclusiveMaximum}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      out.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      out.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
      out.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      out.push(`${at}: fewer than ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      out.push(`${at}: more than ${schema.maxItems}`);
    const prefix = schema.prefixItems ?? [];
    value.forEach((item, i) => {
      const sub = i < prefix.length ? prefix[i] : Array.isArray(schema.items) ? schema.items[i] : schema.items;
      out.push(...schemaBreaches(item, sub, resolve, `${at}[${i}]`, depth + 1));
    });
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) out.push(`${at}: ${key} is missing`);
    for (const [key, item] of Object.entries(record)) {
      const sub = schema.properties?.[key];
      if (sub) out.push(...schemaBreaches(item, sub, resolve, `${at}.${key}`, depth + 1));
      else if (schema.additionalProperties === false && schema.properties)
        out.push(`${at}.${key}: not a declared property`);
      else if (typeof schema.additionalProperties === 'object')
        out.push(...schemaBreaches(item, schema.additionalProperties, resolve, `${at}.${key}`, depth + 1));
    }
  }
  for (const sub of schema.allOf ?? []) out.push(...schemaBreaches(value, sub, resolve, at, depth + 1));
  const options = schema.anyOf ?? schema.oneOf;
  if (options && !options.some((o) => schemaBreaches(value, o, resolve, at, depth + 1).length === 0)) {
    const closest = options
      .map((o) => schemaBreaches(value, o, resolve, at, depth + 1))
      .sort((a, b) => a.length - b.length)[0]!;
    out.push(`${at}: fits none of ${options.length} alternatives (closest: ${closest.slice(0, 3).join('; ')})`);
  }
  return out;
}
