import { type ErrorCode, errorCatalogue, formatMessage, isErrorCode } from '@robot-ads/contracts/common/errors';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { exampleOf, type JsonSchema } from './examples';
import { operationIdOf } from './operation-ids';

/**
 * The OpenAPI document as a contract (docs/openapi.md): every operation named (operationId), tagged, with
 * its real security, its error answers and examples, so that a generator produces a working client.
 * `routeTransform` sees each route (its access config), `finishDocument` the whole document.
 */

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { method: string | string[]; config?: Json };
};
type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** Who may call an operation. */
export type Access = 'none' | 'user' | 'partner' | 'device' | 'wechat';

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A user access token: `POST /api/Users/v2_2_login` (or the refresh grant), sent as `Authorization: Bearer <token>`.',
  },
  accessToken: {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
    description: 'The same user (or partner) token in the query, for links a browser opens (downloads).',
  },
  partnerOAuth: {
    type: 'oauth2',
    description:
      'A partner application: client credentials (`client_id`, `client_secret`) exchanged for a 30-minute token; ' +
      'sent as `Authorization: Bearer <token>`. Its scope is the interfaces the application may call.',
    flows: { clientCredentials: { tokenUrl: '/api/blade-auth/oauth/token', scopes: {} } },
  },
  wechatSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A WeChat mini-program session token answered by `POST /api/wechat/mp/login`, sent as `Authorization: Bearer <token>`.',
  },
  deviceToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'dt_<base64url>',
    description:
      'A device token (`dt_...`) answered by `POST /api/device/v1/activate`, sent as `Authorization: Bearer <token>`.',
  },
} as const;

const SECURITY: Record<Access, Json[]> = {
  none: [],
  user: [{ bearer: [] }, { accessToken: [] }],
  partner: [{ bearer: [] }, { partnerOAuth: [] }],
  device: [{ deviceToken: [] }],
  wechat: [{ wechatSession: [] }],
};

/** The tag of routes partners may call; their own documentation is callable by every partner token. */
const OPEN_TAG = 'open';
const PARTNER_DOCS_PATH = '/api/OpenPlatform/openapi.json';
/** Device routes that take no device token (activation proves itself with its one-time secret). */
const TOKENLESS_DEVICE_PATHS = new Set(['/api/device/v1/activate']);

export function accessOf(path: string, config: Json, tags: readonly string[]): Access {
  if (config.wechatSession === true) return 'wechat';
  if (!path.startsWith('/api/') || config.public === true) return 'none';
  if (config.device === true) return TOKENLESS_DEVICE_PATHS.has(path) ? 'none' : 'device';
  if (tags.includes(OPEN_TAG) || path === PARTNER_DOCS_PATH) return 'partner';
  return 'user';
}

/** An identifying parameter: `id`, `key`, `code` or a name ending in `Id` (a record looked up by it). */
const IDENTIFYING = /^(id|key|code|[a-z][A-Za-z]*Id)$/;

/**
 * Whether an operation looks a record up (and so may answer 404 when there is none): a path parameter, or
 * an identifying query parameter (an unknown plan, robot, customer or export named by it is not found).
 */
function looksUpARecord(path: string, schema: { querystring?: unknown; params?: unknown }): boolean {
  if (path.startsWith('/api/') && /\{\w+\}/.test(path)) return true;
  return [schema.querystring, schema.params].some((part) => {
    const properties = (part as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    return Object.keys(properties).some((name) => IDENTIFYING.test(name));
  });
}

/** The error codes an operation can answer, from its access and shape, plus those its route declares. */
export function errorCodesOf(
  path: string,
  access: Access,
  config: Json,
  schema: { body?: unknown; querystring?: unknown; params?: unknown; declared?: readonly string[] },
): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (schema.body || schema.querystring || schema.params) codes.add('VALIDATION_FAILED');
  if (schema.body) {
    // Fastify's own refusals of a body (platform/error-handler.ts): not JSON, empty, another type, too large.
    for (const c of ['INVALID_JSON', 'EMPTY_JSON_BODY', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] as const)
      codes.add(c);
  }
  if (access === 'user' || access === 'partner') {
    codes.add('UNAUTHORIZED');
    codes.add('TOKEN_EXPIRED');
    if (config.roles || config.rootOnly) codes.add('FORBIDDEN');
  }
  if (access === 'partner') {
    for (const c of [
      'OPEN_CLIENT_EXPIRED',
      'OPEN_SESSION_REVOKED',
      'OPEN_SECRET_ROTATED',
      'OPEN_INTERFACE_NOT_ALLOWED',
      'OPEN_IP_NOT_ALLOWED',
      'OPEN_RATE_LIMITED',
      'OPEN_QUOTA_EXCEEDED',
    ] as const)
      codes.add(c);
  }
  if (access === 'device') codes.add('DEVICE_TOKEN_INVALID');
  if (access === 'wechat') {
    codes.add('WECHAT_SESSION_INVALID');
    codes.add('WECHAT_USER_BLOCKED');
  }
  if (path.startsWith('/api/')) codes.add('OPEN_BLACKLISTED');
  if (looksUpARecord(path, schema)) codes.add('NOT_FOUND');
  if (config.rateLimit) codes.add('RATE_LIMITED');
  for (const c of schema.declared ?? []) if (isErrorCode(c)) codes.add(c);
  // An unexpected failure, and a request past its deadline (platform/request-context.ts).
  codes.add('INTERNAL');
  codes.add('REQUEST_TIMEOUT');
  return [...codes];
}

/** The OpenAPI path of a Fastify url: `:id` → `{id}`, a trailing wildcard → `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/\*$/, '{path}').replace(/:(\w+)/g, '{$1}');
}

/** Per route (`transform` of @fastify/swagger): zod → JSON Schema, then operationId, security, error codes. */
export function routeTransform(input: TransformInput): Transformed {
  const url = input.url.replace(/\*$/, ':path');
  const result = jsonSchemaTransform({ ...input, url } as typeof input);
  const schema = result.schema as Json & { hide?: boolean; tags?: string[] };
  if (!schema || schema.hide) return result;
  const path = openApiPath(input.url);
  const config = (input.route.config ?? {}) as Json;
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const method = methods.find((m) => m !== 'HEAD') ?? 'GET';
  const access = accessOf(path, config, schema.tags ?? []);
  schema.operationId = operationIdOf(method, path);
  // Every operation says what it does (Spectral's operation-description): its summary when it has no more.
  if (!schema.description && typeof schema.summary === 'string') schema.description = schema.summary;
  schema.security = SECURITY[access];
  schema['x-access'] = access;
  schema['x-error-codes'] = errorCodesOf(path, access, config, {
    body: schema.body,
    querystring: schema.querystring,
    params: schema.params,
    declared: schema['x-errors'] as string[] | undefined,
  });
  delete schema['x-errors'];
  return { schema, url };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Refused',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Not allowed in this state',
  429: 'Too many calls',
  500: 'Server error',
  502: 'Upstream error',
  503: 'Unavailable',
};

export const ERROR_ENVELOPE: JsonSchema & Json = {
  type: 'object',
  description:
    "Every failure: `code` from the error catalogue, `msg` in the caller's language (Accept-Language zh|en).",
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    code: { type: 'string', description: 'The error code (docs/open-platform.md lists those of partner calls).' },
    msg: { type: 'string', description: "The message in the caller's language." },
    field: { type: 'string', description: 'The input field at fault, when there is one.' },
    requestId: { type: 'string', description: 'The request id (also the `x-request-id` header): quote it to support.' },
  },
  required: ['success', 'data', 'code', 'msg'],
};

const EXAMPLE_PARAMS: Record<string, string | number> = {
  field: 'start',
  reason: 'must be a number',
  key: 'GET /api/Devices/queryRobotInfo',
  ip: '203.0.113.10',
  reason_: '',
  limit: 60,
  seconds: 42,
  quota: 10000,
  path: '/api/none',
  type: 'text/plain',
};

const RATE_HEADERS = {
  'Retry-After': { description: 'Seconds until a call may succeed again.', schema: { type: 'integer' } },
  RateLimit: {
    description:
      'IETF RateLimit (draft-ietf-httpapi-ratelimit-headers): `"minute";r=<remaining>;t=<seconds to reset>`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'IETF RateLimit-Policy: `"minute";q=<calls a minute>;w=60`.',
    schema: { type: 'string' },
  },
};

/** The error answers of an operation, one per status, each listing its codes with an example of each. */
export function errorResponses(codes: readonly ErrorCode[], access: Access): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const examples: Json = {};
    for (const code of list) {
      const entry = errorCatalogue[code];
      examples[code] = {
        summary: formatMessage(entry.en, EXAMPLE_PARAMS),
        value: {
          success: false,
          data: null,
          code,
          msg: formatMessage(entry.en, EXAMPLE_PARAMS),
          requestId: '0d7c6a1b2e3f',
        },
      };
    }
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${list.join(', ')}`,
      ...(status === 429
        ? { headers: access === 'partner' ? RATE_HEADERS : { 'Retry-After': RATE_HEADERS['Retry-After'] } }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, examples } },
    };
  }
  return out;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema; example?: unknown }>;
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: JsonSchema; example?: unknown; examples?: unknown }>;
  };
  responses?: Record<
    string,
    {
      description?: string;
      headers?: Json;
      content?: Record<string, { schema?: JsonSchema; example?: unknown; examples?: unknown }>;
    }
  >;
  'x-error-codes'?: ErrorCode[];
  'x-access'?: Access;
  [key: string]: unknown;
}

export interface OpenApiDoc {
  openapi: string;
  info: Json;
  servers?: Json[];
  tags?: Json[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Json; [key: string]: unknown };
  webhooks?: Json;
  [key: string]: unknown;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

export function operationsOf(doc: OpenApiDoc): Array<{ path: string; method: string; op: Operation }> {
  const out: Array<{ path: string; method: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) if (HTTP_METHODS.has(method)) out.push({ path, method, op });
  }
  return out;
}

/** `METHOD /path` → operationId of every operation, sorted: the pinned list (operation-ids.json). */
export function operationIdList(doc: OpenApiDoc): Record<string, string> {
  const entries = operationsOf(doc).map(({ path, method, op }) => [
    `${method.toUpperCase()} ${path}`,
    op.operationId ?? '',
  ]);
  return Object.fromEntries(entries.sort((a, b) => a[0]!.localeCompare(b[0]!)));
}

/** Adds examples where a body, parameter or answer has none (generated from its schema). */
export function addExamples(doc: OpenApiDoc): void {
  const resolve = (ref: string) => doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  const fill = (
    content: Record<string, { schema?: JsonSchema; example?: unknown; examples?: unknown }> | undefined,
  ) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      if (!media.schema || media.example !== undefined || media.examples !== undefined) continue;
      if (!/json|x-www-form-urlencoded/.test(type)) continue;
      const example = exampleOf(media.schema, resolve);
      if (example !== undefined) media.example = example;
    }
  };
  for (const { op } of operationsOf(doc)) {
    for (const p of op.parameters ?? []) {
      if (p.example !== undefined || !p.schema) continue;
      const example = exampleOf(p.schema, resolve, p.name);
      if (example !== undefined) p.example = example;
    }
    fill(op.requestBody?.content);
    for (const [status, response] of Object.entries(op.responses ?? {}))
      if (status.startsWith('2')) fill(response.content);
  }
}

/**
 * A record keyed by an enum (`z.record(z.enum([...]), v)`) has every key: written as the properties it is
 * (zod writes `propertyNames` + `required` without `properties`, which generators and linters misread).
 */
function recordsAsProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) recordsAsProperties(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema & { propertyNames?: JsonSchema };
  const keys = schema.propertyNames?.enum;
  if (keys && !schema.properties && typeof schema.additionalProperties === 'object') {
    const value = schema.additionalProperties;
    schema.properties = Object.fromEntries(keys.map((k) => [String(k), value]));
    schema.additionalProperties = false;
    delete schema.propertyNames;
  }
  for (const child of Object.values(node)) recordsAsProperties(child);
}

/** The component schemas a part of the document refers to, followed through the components themselves. */
export function referencedSchemas(doc: OpenApiDoc, part: unknown): Record<string, JsonSchema> {
  const all = doc.components?.schemas ?? {};
  const found = new Map<string, JsonSchema>();
  for (const queue = [JSON.stringify(part)]; queue.length > 0; ) {
    for (const [, name = ''] of queue.pop()!.matchAll(/#\/components\/schemas\/([\w.-]+)/g)) {
      if (found.has(name) || !all[name]) continue;
      found.set(name, all[name]);
      queue.push(JSON.stringify(all[name]));
    }
  }
  return Object.fromEntries([...found].sort((a, b) => a[0].localeCompare(b[0])));
}

/** The whole document (`transformObject` of @fastify/swagger): components, servers, tags, errors, examples. */
export function finishDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]): OpenApiDoc {
  const doc = jsonSchemaTransformObject(input) as unknown as OpenApiDoc;
  doc.servers = [{ url: '/', description: 'This server: every path below starts at its origin.' }];
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE },
    securitySchemes: { ...SECURITY_SCHEMES },
  };
  const tags = new Set<string>();
  for (const { op } of operationsOf(doc)) {
    for (const tag of op.tags ?? []) tags.add(tag);
    const codes = op['x-error-codes'];
    if (codes) op.responses = { ...op.responses, ...errorResponses(codes, op['x-access'] ?? 'user') };
    if (op.responses?.['200'] && op.responses['200'].description === 'Default Response') {
      op.responses['200'].description = 'Success';
    }
  }
  doc.tags = [...tags].sort().map((name) => ({
    name,
    description: name === OPEN_TAG ? 'Callable by partner applications (the open platform).' : `The ${name} module.`,
  }));
  recordsAsProperties(doc.paths);
  // Only schemas in use: zod registers a recursive schema's input variant (MenuItemInput) all the same.
  doc.components.schemas = referencedSchemas(doc, { ...doc, components: { ...doc.components, schemas: {} } });
  recordsAsProperties(doc.components.schemas);
  addExamples(doc);
  return doc;
}
