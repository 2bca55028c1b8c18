import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/partner';

/** A refusal of the API: the envelope's `code` (docs/open-platform.md lists them), `msg` and the HTTP status. */
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
}

export interface PartnerToken {
  accessToken: string;
  /** Unix ms. */
  expiresAt: number;
  /** The scopes the token may use: the operationIds of its interfaces (`listPlans` ...). */
  scope: string[];
}

/** Codes after which a new token may succeed (expired, or its session revoked). */
const RENEWABLE = new Set(['TOKEN_EXPIRED', 'OPEN_SESSION_REVOKED']);

export type PartnerClient = Client<paths> & {
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

  // The token call has a client of its own: the main one's middleware would ask it for a token.
  const tokenClient = createClient<paths>({ baseUrl: options.baseUrl, fetch: doFetch });

  async function requestToken(): Promise<PartnerToken> {
    const { data, error, response } = await tokenClient.POST('/api/blade-auth/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret },
      headers: { 'accept-language': language },
    });
    if (!data?.access_token) {
      // RFC 6749 section 5.2: { error, error_description, code }.
      const refused = error as { code?: string; error?: string; error_description?: string } | undefined;
      const code = refused?.code ?? refused?.error ?? 'UNKNOWN';
      throw new PartnerApiError(response.status, code, refused?.error_description ?? `HTTP ${response.status}`);
    }
    return {
      accessToken: data.access_token,
      expiresAt: Date.now() + data.expires_in * 1000,
      // RFC 6749 section 5.1, top level; scopes are operationIds, space-separated: "listPlans listRobots".
      scope: data.scope.split(' ').filter(Boolean),
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
  return Object.assign(client, {
    token,
    resetToken: () => {
      current = null;
    },
  });
}
