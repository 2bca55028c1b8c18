import AppContext from 'antd/es/app/context';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { type Feedback, setFeedback } from '../lib/feedback';

const FeedbackHolders = lazy(() => import('./feedback-holders'));

const METHODS = {
  message: ['info', 'success', 'error', 'warning', 'loading', 'open', 'destroy'],
  notification: ['info', 'success', 'error', 'warning', 'open', 'destroy'],
  modal: ['info', 'success', 'error', 'warning', 'confirm'],
} as const;
type Group = keyof typeof METHODS;
type AnyMethod = (...args: unknown[]) => unknown;

/**
 * What a call made before the holders loaded returns: antd's handles in one object (message: a function that
 * closes it and a thenable settled when it closes; modal: destroy, update and the same thenable), each
 * passed on to the real handle once the call has run.
 */
function laterHandle(boxed: Promise<{ handle: unknown }>) {
  // Boxed: antd's handles are thenables, which a promise would wait for instead of passing on.
  type Handle = { then?: (done: (value: unknown) => void) => void; destroy?: () => void; update?: AnyMethod };
  const real = (run: (handle: Handle) => void) => void boxed.then(({ handle }) => handle && run(handle as Handle));
  const close = () => real((h) => (typeof h === 'function' ? (h as () => void)() : h.destroy?.()));
  const settled = (ok?: (value: unknown) => unknown, fail?: (reason: unknown) => unknown) =>
    boxed
      .then(({ handle }) => {
        const h = handle as Handle | undefined;
        return typeof h?.then === 'function' ? new Promise((done) => h.then?.(done)) : handle;
      })
      .then(ok, fail);
  return Object.assign(close, {
    destroy: close,
    update: (config: unknown) => real((h) => h.update?.(config)),
    // biome-ignore lint/suspicious/noThenProperty: antd's message and modal handles are thenables.
    then: settled,
  });
}

/**
 * antd's App context (what `App.useApp()` reads) for the logged-in pages, with the message, notification
 * and modal holders loaded on their first use: a call before that loads them (about 15 KB gzipped) and runs
 * once they are mounted, a moment later. Until then nothing of them is on screen, so nothing shows
 * differently.
 */
export function LazyFeedback({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const real = useRef<Feedback | null>(null);
  const waiting = useRef<Array<(api: Feedback) => void>>([]);

  const standIns = useMemo(() => {
    const call = (group: Group, method: string, args: unknown[]) => {
      const run = (api: Feedback) =>
        ((api[group] as unknown as Record<string, AnyMethod>)[method] as AnyMethod)(...args);
      if (real.current) return run(real.current);
      const result = new Promise<{ handle: unknown }>((resolve) =>
        waiting.current.push((api) => resolve({ handle: run(api) })),
      );
      setWanted(true);
      return laterHandle(result);
    };
    const group = (name: Group) =>
      Object.fromEntries(METHODS[name].map((m) => [m, (...args: unknown[]) => call(name, m, args)]));
    return {
      message: group('message'),
      notification: group('notification'),
      modal: group('modal'),
    } as unknown as Feedback;
  }, []);
  setFeedback(standIns);

  const onReady = useCallback((api: Feedback) => {
    real.current = api;
    const queued = waiting.current;
    waiting.current = [];
    for (const run of queued) run(api);
  }, []);

  return (
    <AppContext.Provider value={standIns}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHolders onReady={onReady} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
