import createClient, { type Client, type FetchOptions, type FetchResponse } from 'openapi-fetch';
import type { paths } from './generated/partner.js';

/**
 * A refusal of the API: the envelope's `code` (docs/open-platform.md lists them) and `msg`, or for the token
 * call the RFC 6749 `error` and `error_description`, and the HTTP status.
 */
export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

export interface PartnerClientOptions {
  /** The server's origin, e.g. `https://ads.example.com` (paths start with /api). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The language of error messages: `en` (default) or `zh`. */
  language?: 'en' | 'zh';
  /** A fetch to use (tests, proxies); default the global one. */
  fetch?: typeof fetch;
  /** A token is renewed this many seconds before it expires (default 60). */
  refreshMarginSeconds?: number;
  /** Ask for fewer scopes than granted (scope tokens); default: every granted one. */
  scope?: readonly string[];
}

export interface PartnerToken {
  accessToken: string;
  /** Unix ms. */
  expiresAt: number;
  /** The scope granted: its scope tokens (RFC 6749 §3.3); in the former form, interface keys `METHOD /path`. */
  scope: string[];
}

interface TokenFields {
  access_token?: unknown;
  token_type?: string;
  expires_in?: number;
  scope?: string;
}
type TokenAnswer = TokenFields & {
  success?: boolean;
  data?: TokenFields;
  code?: string;
  msg?: string;
  error?: string;
  error_description?: string;
};

/**
 * The scope's entries: space-separated scope tokens (RFC 6749 §3.3), or, in the former form, interface keys
 * `METHOD /path` themselves joined by spaces ("GET /api/a GET /api/b").
 */
function scopeTokens(scope: string): string[] {
  if (/^(GET|POST|PUT|DELETE|PATCH) \//.test(scope)) return scope.match(/[A-Z]+ \S+/g) ?? [];
  return scope.split(/\s+/).filter(Boolean);
}

/** Codes after which a new token may succeed (expired, or its session revoked). */
const RENEWABLE = new Set(['TOKEN_EXPIRED', 'OPEN_SESSION_REVOKED']);

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The paths of the document that have `method`. */
export type PartnerPath<M extends HttpMethod> = {
  [P in keyof paths]-?: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];
type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;
type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** A call's options: its parameters (`params.query`, `params.path`), `body`, `headers` … */
export type PartnerCallOptions<P extends keyof paths, M extends HttpMethod> = FetchOptions<Operation<P, M>>;
/**
 * A method of the client. Only the path is inferred; the options are then checked against that operation as an
 * object literal, so a misspelled parameter (`{ start: 0, limt: 20 }`) is a type error. (openapi-fetch's own
 * methods infer the options as a type parameter and accept any extra key.)
 */
type StrictMethod<M extends HttpMethod> = <P extends PartnerPath<M>>(
  url: P,
  ...init: [RequiredKeys<PartnerCallOptions<P, M>>] extends [never]
    ? [options?: PartnerCallOptions<P, M>]
    : [options: PartnerCallOptions<P, M>]
) => Promise<FetchResponse<Operation<P, M>, PartnerCallOptions<P, M>, `${string}/${string}`>>;

export type PartnerClient = Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'> & {
  GET: StrictMethod<'get'>;
  PUT: StrictMethod<'put'>;
  POST: StrictMethod<'post'>;
  DELETE: StrictMethod<'delete'>;
  PATCH: StrictMethod<'patch'>;
  /** The current token (fetched or renewed when needed). */
  token(): Promise<PartnerToken>;
  /** Forgets the token: the next call gets a new one. */
  resetToken(): void;
};

/**
 * A typed client of the partner API (types generated from packages/sdk/openapi/partner.json): it gets a
 * token with the client credentials, renews it before it expires and once more when a call answers that
 * it expired or was revoked. Calls: `client.GET('/api/Playlists/queryByPage_v3', { params: { query } })`.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const language = options.language ?? 'en';
  const margin = (options.refreshMarginSeconds ?? 60) * 1000;
  let current: PartnerToken | null = null;
  let pending: Promise<PartnerToken> | null = null;

  /*
   * The token call (client credentials, RFC 6749 §4.4) with plain fetch: the answer is read in the RFC 6749
   * §5.1 form (`access_token`, `token_type`, `expires_in`, `scope` at the top level) and in the former
   * envelope (`{ success, data: { access_token, ... } }`); a refusal in the §5.2 form (`error`,
   * `error_description`) and in the envelope (`code`, `msg`).
   */
  async function requestToken(): Promise<PartnerToken> {
    const response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': language },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        ...(options.scope ? { scope: options.scope.join(' ') } : {}),
      }),
    });
    const body = (await response.json().catch(() => null)) as TokenAnswer | null;
    const fields = body && typeof body.access_token === 'string' ? body : body?.success ? body.data : null;
    if (!response.ok || !fields || typeof fields.access_token !== 'string') {
      throw new PartnerApiError(
        response.status,
        body?.code ?? body?.error ?? 'UNKNOWN',
        body?.msg ?? body?.error_description ?? `HTTP ${response.status}`,
      );
    }
    return {
      accessToken: fields.access_token,
      expiresAt: Date.now() + Number(fields.expires_in ?? 0) * 1000,
      scope: scopeTokens(fields.scope ?? ''),
    };
  }

  async function token(): Promise<PartnerToken> {
    if (current && current.expiresAt - margin > Date.now()) return current;
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    current = await pending;
    return current;
  }

  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: doFetch });
  const retries = new WeakMap<Request, Request>();
  client.use({
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${(await token()).accessToken}`);
      if (!request.headers.has('accept-language')) request.headers.set('accept-language', language);
      retries.set(request, request.clone());
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status !== 401) return response;
      const code =
        (
          (await response
            .clone()
            .json()
            .catch(() => null)) as { code?: string } | null
        )?.code ?? '';
      const retry = retries.get(request);
      if (!RENEWABLE.has(code) || !retry) return response;
      current = null;
      retry.headers.set('authorization', `Bearer ${(await token()).accessToken}`);
      return doFetch(retry);
    },
  });
  return Object.assign(client as unknown as Omit<PartnerClient, 'token' | 'resetToken'>, {
    token,
    resetToken: () => {
      current = null;
    },
  });
}
