import type { Rng } from './random';
import {
  everyString,
  fieldPaths,
  HOSTILE_STRINGS,
  isNumeric,
  type JsonSchema,
  OUT_OF_INT4,
  validNamedValue,
  validValue,
  withField,
  wrongValues,
} from './schema-values';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, e.g. `/api/Users/{id}`. */
  path: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The token the route takes, from its OpenAPI security: a device's, a user's (or partner's), or none. */
  token: 'device' | 'user' | 'none';
  /** The route answers the JSON envelope on success (declares an application/json response, not a raw document). */
  json: boolean;
}

/** A request to send: already serialised. */
export interface FuzzRequest {
  label: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /**
   * The field this request puts past the int4 range: the answer must be a 2xx (the number is stored or
   * means nothing out of range) or a 400 whose `field` names it, never another refusal or a 5xx.
   */
  outOfRange?: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
        security?: Record<string, unknown>[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

/**
 * Paths that are no API of ours: the documentation UI and its static assets (served by
 * @fastify/swagger-ui, no schema, no envelope). Everything else in the document is fuzzed.
 */
const NOT_API = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');
/**
 * Paths that answer a JSON document itself on success, not the envelope, as /api/docs/json does: a partner's
 * OpenAPI document (docs/open-platform.md) and the device protocol's (docs/device-protocol.md). Their refusals
 * are still checked for the error envelope.
 */
const RAW_DOCUMENT = new Set([
  '/api/OpenPlatform/openapi.json',
  '/api/OpenPlatform/public/openapi.json',
  '/api/device/openapi.json',
]);

/**
 * The token endpoint answers a partner's client-credentials request as RFC 6749 says (section 5.1 and 5.2), not
 * in the envelope: its refusals are `{ error, error_description }` (docs/open-platform.md, "Tokens").
 */
export const OAUTH_TOKEN_PATH = '/api/blade-auth/oauth/token';

function tokenOf(security: Record<string, unknown>[] | undefined): Operation['token'] {
  if (!security?.length) return 'none';
  return security.some((requirement) => 'deviceToken' in requirement) ? 'device' : 'user';
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (NOT_API(path)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      out.push({
        method: upper,
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            name: p.name,
            in: p.in as 'path' | 'query',
            required: p.required === true,
            schema: p.schema ?? { type: 'string' },
          })),
        body: op.requestBody?.content?.['application/json']?.schema,
        token: tokenOf(op.security),
        json:
          !RAW_DOCUMENT.has(path) &&
          Object.values(op.responses ?? {}).some((r) => r.content && 'application/json' in r.content),
      });
    }
  }
  return out.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

type Values = Record<string, unknown>;

function paramValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** encodeURIComponent, but a lone surrogate (which cannot be encoded) travels as U+FFFD, as browsers send it. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

function urlOf(op: Operation, pathValues: Values, query: Values, rawQuery = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === '*' ? String(pathValues[name]) : encodePart(paramValue(pathValues[name])),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    search.append(k, paramValue(v));
  }
  const qs = [search.toString(), rawQuery].filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

const JSON_TYPE = { 'content-type': 'application/json' };

const MALFORMED_JSON = [
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  'undefined',
  '\u0000',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a": "\\ud800"}',
  '{"__proto__": {"polluted": true}}',
];

const WRONG_TYPES: { type: string; payload: string }[] = [
  { type: 'text/plain', payload: '{"a":1}' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { type: 'application/xml', payload: '<a>1</a>' },
  {
    type: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken',
  },
  { type: 'multipart/form-data', payload: 'no boundary at all' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
];

/**
 * The requests for one operation: first a valid one (per caller, sent by the runner), then each field
 * wrong in turn (type, bounds, huge, hostile text; NUL in every text field always), required fields
 * missing, extra fields, and for bodies malformed JSON and wrong content types. `cap` bounds the random
 * part; the NUL cases are always kept (PostgreSQL text cannot hold NUL: a whole class of 500s).
 */
export function requestsFor(op: Operation, rng: Rng, cap: number): { valid: FuzzRequest; mutations: FuzzRequest[] } {
  const pathValues: Values = {};
  const query: Values = {};
  for (const p of op.params) {
    const v = validNamedValue(p.name, p.schema, rng);
    if (p.in === 'path') pathValues[p.name] = p.name === '*' ? `fuzz/${rng.hex(8)}.png` : v;
    else if (p.required || rng.chance(0.6)) query[p.name] = v;
  }
  const body = op.body ? validValue(op.body, rng) : undefined;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const make = (
    label: string,
    over: { path?: Values; query?: Values; body?: unknown; rawQuery?: string },
  ): FuzzRequest => {
    const b = 'body' in over ? over.body : body;
    return {
      label,
      method: op.method,
      url: urlOf(op, over.path ?? pathValues, over.query ?? query, over.rawQuery),
      headers: b === undefined ? {} : { ...JSON_TYPE },
      payload: b === undefined ? undefined : JSON.stringify(b),
    };
  };
  const valid = make('valid', {});
  const must: FuzzRequest[] = [];
  const optional: FuzzRequest[] = [];

  for (const p of op.params) {
    const set = (v: unknown) =>
      p.in === 'path' ? { path: { ...pathValues, [p.name]: v } } : { query: { ...query, [p.name]: v } };
    if (p.name === '*') {
      optional.push(make(`path ${p.name} traversal`, set('..%2F..%2Fetc%2Fpasswd')));
      continue;
    }
    const isText = p.schema.type === 'string' || p.schema.type === undefined;
    if (isText) must.push(make(`${p.in} ${p.name} with NUL`, set('a\u0000b')));
    const wrong = wrongValues(p.schema, rng)[0];
    optional.push(make(`${p.in} ${p.name} = ${describe(wrong)}`, set(wrong)));
    if (isNumeric(p.schema)) {
      // Past the int4 range, always: an integer column meets it (PostgreSQL 22003 was a 500).
      const big = rng.pick(OUT_OF_INT4);
      must.push({ ...make(`${p.in} ${p.name} = ${big}`, set(String(big))), outOfRange: p.name });
    }
    if (p.in === 'path') optional.push(make(`path ${p.name} too long`, set('z'.repeat(300))));
    if (p.in === 'query' && p.required) {
      const { [p.name]: _gone, ...rest } = query;
      optional.push(make(`query ${p.name} missing`, { query: rest }));
    }
  }
  optional.push(
    make('extra and repeated query parameters', {
      rawQuery: 'zzExtra=1&__proto__=x&constructor%5Bprototype%5D=1&start=1&start=2',
    }),
  );

  if (op.body) {
    for (const f of fieldPaths(op.body)) {
      const name = f.path.join('.');
      const types = Array.isArray(f.schema.type) ? f.schema.type : [f.schema.type];
      if (types.includes('string') && !f.schema.enum)
        must.push(make(`body ${name} with NUL`, { body: withField(body, f.path, 'a\u0000b') }));
      const wrong = wrongValues(f.schema, rng)[0];
      optional.push(make(`body ${name} = ${describe(wrong)}`, { body: withField(body, f.path, wrong) }));
      if (isNumeric(f.schema)) {
        const big = rng.pick(OUT_OF_INT4);
        must.push({ ...make(`body ${name} = ${big}`, { body: withField(body, f.path, big) }), outOfRange: name });
      }
    }
    for (const name of op.body.required ?? []) {
      optional.push(make(`body ${name} missing`, { body: withField(body, [name], undefined, true) }));
    }
    optional.push(
      make('body with extra fields', {
        body: { ...(body as object), zzExtra: HOSTILE_STRINGS, constructor: { prototype: { x: 1 } } },
      }),
    );
    optional.push(make('every text field hostile', { body: everyString(body, () => rng.pick(HOSTILE_STRINGS)) }));
    optional.push(make('body not an object', { body: rng.pick([[], 'text', 42, null]) }));
  }
  if (hasBody) {
    for (const text of rng.sample(MALFORMED_JSON, 2)) {
      optional.push({ ...make(`malformed JSON ${describe(text)}`, {}), headers: { ...JSON_TYPE }, payload: text });
    }
    for (const wt of rng.sample(WRONG_TYPES, 2)) {
      optional.push({
        ...make(`content type ${wt.type}`, {}),
        headers: { 'content-type': wt.type },
        payload: wt.payload,
      });
    }
    optional.push({ ...make('empty JSON body', {}), headers: { ...JSON_TYPE }, payload: '' });
  }
  return { valid, mutations: [...must, ...rng.sample(optional, cap)] };
}

export function describe(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}...(${s.length})` : s;
}
