import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { errorLogStore } from './lib/error-log';
import { i18n } from './lib/i18n';
import { lockStore, sessionStore } from './lib/session';
import { settingsStore } from './lib/settings';
import { tabsStore } from './lib/tabs';

// jsdom has no media queries nor layout observers; antd's tables, segmented controls and tabs ask for both.
// (Tests that run in the node environment have no window at all.)
if (typeof window !== 'undefined')
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The web project runs its files in one worker without isolating them (vitest.config.ts, `isolate: false`):
// a worker's modules (react, antd, i18next, testing-library) and its jsdom window are shared by the files it
// runs. What one file leaves behind is cleared when it ends, so that every file starts as it would alone: the
// trees it rendered (with antd's portals and pop-ups), its stubs and spies, fake timers, the app's stores
// (settings, session, tabs, error log: back to what they held when the worker loaded them) and their storage,
// the address and the page's language. i18next is one instance: it goes back to Chinese, the language
// `lang()` answers before any file set one; each file that needs a language sets it.
type Stores = Array<[{ set(value: unknown): void }, unknown]>;
const shared = globalThis as { webTestStores?: Stores };
shared.webTestStores ??= [settingsStore, sessionStore, lockStore, tabsStore, errorLogStore].map(
  (store) => [store as { set(value: unknown): void }, store.get()] as const,
) as Stores;
const stores = shared.webTestStores;
afterAll(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const [store, initial] of stores) store.set(initial);
  if (i18n.isInitialized && i18n.language !== 'zh') await i18n.changeLanguage('zh');
  // A file in the node environment (live-socket) has no document.
  if (typeof window === 'undefined') return;
  // antd's style tags: once every tree is unmounted, antd's style cache has dropped their entries and the
  // next render puts back what it uses. Left in, they pile up file after file, and jsdom reads every rule
  // in each getComputedStyle (testing-library's role queries, user-event's pointer checks).
  for (const style of document.head.querySelectorAll('style[data-css-hash], style[data-token-hash]')) style.remove();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});
