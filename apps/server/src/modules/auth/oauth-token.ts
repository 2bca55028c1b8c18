import { REFRESH_COOKIE, refreshBody, refreshQuery, tokenGrantResponse } from '@robot-ads/contracts/auth/auth.schemas';
import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import {
  type ClientCredentialsToken,
  OAUTH_ERROR_OF,
  type OAuthErrorAnswer,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import { RequestValidationError } from '../../platform/validation';
import type { ZodApp } from '../../platform/zod-routes';
import type { AuthService } from './auth.service';

/** The client credentials grant (the open platform implements it; the auth module knows no partner). */
export type ClientCredentialsGrant = (input: {
  clientId: string;
  clientSecret: string;
  ip: string;
  /** The scopes asked for (space-separated); absent: every granted one. */
  scope?: string;
}) => Promise<ClientCredentialsToken>;

export const TOKEN_URL = '/api/blade-auth/oauth/token';
/** The realm named in `WWW-Authenticate` when HTTP Basic client authentication failed. */
const REALM = 'robot-ads partner API';

type TokenBody = {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
  refresh_token?: string;
};

/** The grant a token request asks for: the body's, else the query's (the original client sent it there). */
function grantOf(request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as TokenBody;
  const query = (request.query ?? {}) as { grant_type?: string };
  return (typeof body.grant_type === 'string' && body.grant_type) || query.grant_type || undefined;
}

function basicHeader(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Basic\s/i.test(header.trim()) ? header.trim() : null;
}

/**
 * A request the OAuth 2.0 rules answer (RFC 6749 sections 5.1 and 5.2): any grant other than the web app's
 * refresh, or client credentials sent at all. The web app's refresh (no grant or `refresh_token`, with its
 * cookie or `refresh_token` and `tenant`) keeps the envelope it reads.
 */
export function isOAuthRequest(request: FastifyRequest): boolean {
  const grant = grantOf(request);
  if (grant && grant !== 'refresh_token') return true;
  const body = (request.body ?? {}) as TokenBody;
  return !grant && (Boolean(body.client_id) || basicHeader(request) !== null);
}

/** Form-decoding of a Basic credential part (RFC 6749 section 2.3.1: encoded before base64). */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/**
 * The client's credentials: HTTP Basic (RFC 6749 section 2.3.1) or `client_id` and `client_secret` in the
 * body; both at once is refused (section 2.3: one method per request).
 */
function clientCredentials(request: FastifyRequest, body: TokenBody) {
  const header = basicHeader(request);
  if (header) {
    if (body.client_secret) {
      throw new AppError('OPEN_TOKEN_REQUEST_INVALID', { reason: 'HTTP Basic and client_secret both sent' });
    }
    const encoded = header.replace(/^Basic\s+/i, '');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    let clientId = '';
    let clientSecret = '';
    try {
      clientId = colon > 0 ? formDecode(decoded.slice(0, colon)) : '';
      clientSecret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : '';
    } catch {
      // A malformed %-escape: the credentials are not the client's.
    }
    if (!clientId || !clientSecret || (body.client_id && body.client_id !== clientId)) {
      throw new AppError('OPEN_CLIENT_INVALID');
    }
    return { clientId, clientSecret };
  }
  if (!body.client_id || !body.client_secret) throw new AppError('OPEN_CLIENT_INVALID');
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

/** An error of the token endpoint as RFC 6749 section 5.2 answers it, in the caller's language. */
function oauthRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang;
  let code: ErrorCode = 'INTERNAL';
  let params: Record<string, string | number> = {};
  if (error instanceof AppError) {
    code = error.code;
    params = error.params ?? {};
    if (error.headers) reply.headers(error.headers);
  } else if (error instanceof RequestValidationError) {
    const issue = error.issues[0];
    const field = issue?.path?.map(String).join('.') || 'body';
    code = 'OPEN_TOKEN_REQUEST_INVALID';
    params = { reason: `${field}: ${issue?.message ?? 'invalid'}` };
  } else if ((error.statusCode ?? 500) === 429) {
    code = 'RATE_LIMITED';
  } else if ((error.statusCode ?? 500) < 500) {
    // The body itself (not JSON, another content type, too large).
    code = 'OPEN_TOKEN_REQUEST_INVALID';
    params = { reason: error.message };
  } else {
    request.log.error({ err: error, requestId: request.id }, 'token request failed');
  }
  const [oauthError, status] = OAUTH_ERROR_OF[code] ?? ['server_error', 500];
  if (oauthError === 'invalid_client' && basicHeader(request)) {
    reply.header('www-authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
  }
  const answer: OAuthErrorAnswer = {
    error: oauthError,
    error_description: messageFor(code, lang, params),
    code,
  };
  return reply.status(status).header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
}

/**
 * POST /api/blade-auth/oauth/token: the web app's refresh (in the envelope, unchanged) and the partners'
 * client credentials grant as RFC 6749 says (the token at the top level, refusals as section 5.2).
 * docs/open-platform.md "Tokens".
 */
export function registerTokenRoute(
  app: ZodApp,
  deps: {
    auth: AuthService;
    grant?: ClientCredentialsGrant;
    rateLimit: { max: number; timeWindow: string };
    setRefreshCookie: (request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number | null) => void;
    clearRefreshCookie: (reply: FastifyReply) => void;
  },
) {
  app.route({
    method: 'POST',
    url: TOKEN_URL,
    schema: {
      tags: ['auth'],
      summary:
        'Refresh: a new access token in the envelope; the refresh token (cookie, or refresh_token) is rotated. ' +
        'grant_type=client_credentials (client_id and client_secret, or HTTP Basic): a partner token as RFC 6749 ' +
        'section 5.1 (top level), refusals as section 5.2 ({error, error_description})',
      body: refreshBody,
      querystring: refreshQuery,
      consumes: ['application/json', 'application/x-www-form-urlencoded'],
      response: { 200: tokenGrantResponse },
      'x-errors': [
        'UNAUTHORIZED',
        'OPEN_CLIENT_INVALID',
        'OPEN_CLIENT_EXPIRED',
        'OPEN_IP_NOT_ALLOWED',
        'OPEN_GRANT_UNSUPPORTED',
        'OPEN_SCOPE_INVALID',
        'OPEN_TOKEN_REQUEST_INVALID',
      ],
    },
    config: { public: true, rateLimit: deps.rateLimit },
    errorHandler(error, request, reply) {
      if (isOAuthRequest(request)) return oauthRefusal(error, request, reply);
      return app.errorHandler.call(app, error, request, reply);
    },
    handler: async (request, reply) => {
      const grant = grantOf(request);
      if (grant && grant !== 'refresh_token' && grant !== 'client_credentials') {
        throw new AppError('OPEN_GRANT_UNSUPPORTED', { grant: grant.slice(0, 32) });
      }
      const body = (request.body ?? {}) as TokenBody;
      if (isOAuthRequest(request)) {
        if (!grant) throw new AppError('OPEN_TOKEN_REQUEST_INVALID', { reason: 'grant_type is missing' });
        const credentials = clientCredentials(request, body);
        if (!deps.grant) throw new AppError('OPEN_CLIENT_INVALID');
        const token = await deps.grant({ ...credentials, ip: request.ip, scope: body.scope });
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return token;
      }
      const query = request.query as { refresh_token?: string };
      const fromRequest = body.refresh_token || query.refresh_token;
      const presented = fromRequest || request.cookies[REFRESH_COOKIE];
      if (!presented) throw new AppError('UNAUTHORIZED');
      try {
        const issued = await deps.auth.refresh(presented);
        deps.setRefreshCookie(request, reply, issued.refreshToken, issued.refreshMaxAge);
        const data = fromRequest ? { ...issued.data, refresh_token: issued.refreshToken } : issued.data;
        return { success: true as const, data };
      } catch (err) {
        deps.clearRefreshCookie(reply);
        throw err;
      }
    },
  });
}
