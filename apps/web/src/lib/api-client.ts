import { i18n, lang } from './i18n';

/** Spec sections 7 and 9: requests give up after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;

/** A failed call: the catalogue code, the message in the user's language, the HTTP status, the field. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
    /** The server's own text (the protocol markers of section 8 are matched on it). */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The call that failed, `METHOD /path` (for the error log). */
  call = '';
  /** The API client already showed the message as a toast (the call was not `silent`). */
  shown = false;
}

/** Marks where an error came from and whether it was shown; returns it (to be thrown). */
function finish(error: ApiError, method: string, path: string, show: boolean): ApiError {
  error.call = `${method} ${path.split('?')[0]}`;
  if (show) {
    hooks.showError(error.message);
    // Shown only when the app wired a toast in (a part rendered alone, as in a test, has none).
    error.shown = toastWired;
  }
  return error;
}

/** The data part of a response envelope: `data` for records, `{ total, datas }` for pages. */
export type EnvelopeData<E> = E extends { success: true; total: number; datas: infer D }
  ? { total: number; datas: D }
  : E extends { success: true; data: infer D }
    ? D
    : E;

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  body?: unknown;
  /** No error toast (the caller shows the error itself, e.g. on a form field). */
  silent?: boolean;
  /** A 401 does not log out (the login and unlock calls: a wrong password is not an expired session). */
  keepSessionOn401?: boolean;
  signal?: AbortSignal;
  /** Return the whole envelope (without `success`) for answers that carry more than data (e.g. `unread`). */
  whole?: boolean;
}

export interface ApiHooks {
  token(): string | null;
  onUnauthorized(error: ApiError): void;
  showError(message: string): void;
}

let toastWired = false;
let hooks: ApiHooks = {
  token: () => null,
  onUnauthorized: () => {},
  showError: () => {},
};

/** The session and the toast are wired in once by the app (keeps this module free of React). */
export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
  if (next.showError) toastWired = true;
}

function buildUrl(path: string, query: RequestOptions['query'], token: string | null): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.set(key, String(value));
  }
  if (token) url.searchParams.set('access_token', token);
  return url.pathname + url.search;
}

/**
 * The message a person sees for a failed call, from the code table in the user's language. The table
 * is loaded on the first failure (it is large and not needed for a page that works).
 */
export async function messageForFailure(
  code: string | undefined,
  serverMessage: string | undefined,
  status: number,
): Promise<string> {
  const { errorCatalogue, isErrorCode, messageFor } = await import('@robot-ads/contracts/common/errors');
  const language = lang();
  // A catalogue text with placeholders (file name, limit...) is only complete as the server worded it.
  if (code && isErrorCode(code) && !(serverMessage && errorCatalogue[code][language].includes('{'))) {
    return messageFor(code, language);
  }
  if (serverMessage === 'no permission') return messageFor('FORBIDDEN', language);
  if (serverMessage) return serverMessage;
  if (status >= 500) return errorCatalogue.UNKNOWN[language];
  return messageFor('UNKNOWN', language);
}

function classify401(error: ApiError): ApiError {
  const text = error.serverMessage ?? '';
  if (text === 'Login restricted,Verification code cannot be empty' || error.code === 'VERIFY_CODE_REQUIRED') {
    return new ApiError('VERIFY_CODE_REQUIRED', localText('verifyRequired'), 401, 'verifyCode', text);
  }
  if (text === 'Login restricted' || error.code === 'LOGIN_FAILED') {
    return new ApiError('LOGIN_FAILED', localText('loginRestricted'), 401, undefined, text);
  }
  return error;
}

type LocalKey = 'timeout' | 'network' | 'verifyRequired' | 'loginRestricted';
function localText(key: LocalKey): string {
  return i18n.t(`common:errors.${key}`);
}

/**
 * One call to the API: sends the token (header and `access_token`), turns the envelope into its data or
 * an ApiError, shows the error toast unless `silent`, and logs out on a 401.
 */
export async function apiRequest<E>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<EnvelopeData<E>> {
  const token = hooks.token();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined && method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, token), {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const timedOut = timeout.aborted;
    const error = new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK', localText(timedOut ? 'timeout' : 'network'), 0);
    throw finish(error, method, path, !options.silent);
  }

  let body: unknown = null;
  if (response.status !== 204) {
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
  }
  const envelope = (body ?? {}) as { success?: boolean; data?: unknown; code?: string; msg?: string; field?: string };
  const ok =
    (response.status === 200 || response.status === 204 || response.status === 201) && envelope.success !== false;
  if (ok) {
    if (response.status === 204) return undefined as EnvelopeData<E>;
    if (options.whole) {
      const { success: _s, ...rest } = envelope;
      return rest as EnvelopeData<E>;
    }
    if (envelope && typeof envelope === 'object' && 'datas' in envelope) {
      const page = envelope as { total?: number; datas?: unknown };
      return { total: page.total ?? 0, datas: page.datas ?? [] } as EnvelopeData<E>;
    }
    return (envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : body) as EnvelopeData<E>;
  }

  let error = new ApiError(
    envelope.code ?? String(response.status),
    await messageForFailure(envelope.code, envelope.msg, response.status),
    response.status,
    envelope.field,
    envelope.msg,
  );
  if (response.status === 401) {
    error = classify401(error);
    if (!options.keepSessionOn401) hooks.onUnauthorized(error);
  }
  throw finish(error, method, path, !options.silent);
}

/** The envelope without `success` (for answers such as `{ data, total, unread }`). */
export function apiGetWhole<E>(
  path: string,
  options?: Omit<RequestOptions, 'body' | 'whole'>,
): Promise<Omit<E, 'success'>> {
  return apiRequest<E>('GET', path, { ...options, whole: true }) as Promise<Omit<E, 'success'>>;
}

export const api = {
  get: <E>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<E>('GET', path, options),
  post: <E>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<E>('POST', path, { ...options, body }),
  put: <E>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<E>('PUT', path, { ...options, body }),
  delete: <E>(path: string, options?: RequestOptions) => apiRequest<E>('DELETE', path, options),
};
