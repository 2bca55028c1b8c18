import { describeFailure } from './form-errors';
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
  // Code, message and the failed call of an API error; never "[object Object]" for a plain object.
  const described = describeFailure(error);
  const entry: ErrorLogEntry = {
    url: window.location.href,
    time: Math.floor(Date.now() / 1000),
    type,
    message: described.message.slice(0, 2000),
    stack: described.stack.slice(0, 8000),
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
    // A promise nobody handled is a front-end fault, an API refusal included (its form should have shown it):
    // it is logged with its code, message and call, and named on the console (the page check fails on it).
    recordError('unhandledrejection', event.reason);
    console.error(`unhandled rejection: ${describeFailure(event.reason).message}`);
  });
}
