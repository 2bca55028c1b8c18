import { ApiError, messageForFailure } from './api-client';
import { feedback } from './feedback';
import { lang } from './i18n';
import { sessionStore } from './session';

/**
 * A multipart upload to the API (Excel imports): the same token, language and envelope handling as
 * `api`, with a FormData body. Errors show a toast unless `silent`, and reject with an ApiError.
 */
export async function uploadForm<T>(path: string, form: FormData, options: { silent?: boolean } = {}): Promise<T> {
  const token = sessionStore.get().token;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  let body: { success?: boolean; data?: unknown; code?: string; msg?: string; field?: string } = {};
  try {
    body = await response.json();
  } catch {
    body = {};
  }
  if (response.ok && body.success !== false) return body.data as T;
  const error = new ApiError(
    body.code ?? String(response.status),
    await messageForFailure(body.code, body.msg, response.status),
    response.status,
    body.field,
    body.msg,
  );
  error.call = `POST ${path.split('?')[0]}`;
  const toast = options.silent ? null : feedback();
  if (toast) {
    toast.message.error(error.message);
    error.shown = true;
  }
  throw error;
}

/** A link that downloads with the session (token as `access_token`, as the API accepts). */
export function downloadUrl(path: string, query: Record<string, string | undefined> = {}): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v) url.searchParams.set(k, v);
  const token = sessionStore.get().token;
  if (token) url.searchParams.set('access_token', token);
  return url.pathname + url.search;
}
