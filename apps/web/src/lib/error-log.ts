import { createStore } from './store';

/** One unhandled front-end error (spec sections 3 and 8). */
export interface ErrorLogEntry {
  url: string;
  /** Unix seconds. */
  time: number;
  type: 'error' | 'unhandledrejection' | 'react';
  message: string;
  stack: string;
  info: string;
}

const MAX_ENTRIES = 100;
export const errorLogStore = createStore<ErrorLogEntry[]>([]);

let sender: ((entry: ErrorLogEntry) => Promise<unknown>) | null = null;

/** Where entries go: the server's error log intake (set by the app once the API client is wired). */
export function setErrorLogSender(send: (entry: ErrorLogEntry) => Promise<unknown>): void {
  sender = send;
}

export function recordError(type: ErrorLogEntry['type'], error: unknown, info = ''): void {
  const err = error instanceof Error ? error : null;
  const entry: ErrorLogEntry = {
    url: window.location.href,
    time: Math.floor(Date.now() / 1000),
    type,
    message: (err?.message ?? String(error)).slice(0, 2000),
    stack: (err?.stack ?? '').slice(0, 8000),
    info: info.slice(0, 4000),
  };
  errorLogStore.set((list) => [entry, ...list].slice(0, MAX_ENTRIES));
  // A failing intake must never raise another logged error (no loop).
  sender?.(entry).catch(() => {});
}

let installed = false;
export function installErrorLog(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    recordError(
      'error',
      event.error ?? event.message,
      event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    );
  });
  window.addEventListener('unhandledrejection', (event) => {
    // API failures were already shown to the user; they are not front-end faults.
    if ((event.reason as { name?: string } | null)?.name === 'ApiError') return;
    recordError('unhandledrejection', event.reason);
  });
}
