import { createStore, safeLocalStorage, writeJson } from './store';

/** An open page in the tabs bar (spec section 2: label, value, params, query, meta, group). */
export interface Tab {
  /** The path, e.g. '/ad/List'. */
  value: string;
  /** Query string including '?', or ''. */
  query: string;
  /** i18n key of the label ('namespace:key'), or the menu's own text. */
  label: string;
  params?: Record<string, string>;
  meta?: { keepAlive?: boolean };
  group?: string[];
}

export const HOME_PATH = '/wel/smartBoard_2';
const KEY = 'robot-ads-tabs';

function load(): Tab[] {
  try {
    const raw = safeLocalStorage?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((t): t is Tab => typeof t?.value === 'string') : [];
  } catch {
    return [];
  }
}

/** The open tabs, kept in localStorage so they survive a reload (cleared on login and logout). */
export const tabsStore = createStore<Tab[]>(load(), (tabs) => writeJson(safeLocalStorage, KEY, tabs));

export function openTab(tab: Tab): void {
  tabsStore.set((tabs) => {
    const index = tabs.findIndex((t) => t.value === tab.value);
    if (index === -1) return [...tabs, tab];
    const existing = tabs[index]!;
    if (existing.query === tab.query && existing.label === tab.label) return tabs;
    const next = tabs.slice();
    next[index] = { ...existing, ...tab };
    return next;
  });
}

export function closeTab(value: string): void {
  tabsStore.set((tabs) => tabs.filter((t) => t.value !== value || t.value === HOME_PATH));
}

export function closeOtherTabs(value: string): void {
  tabsStore.set((tabs) => tabs.filter((t) => t.value === value || t.value === HOME_PATH));
}

export function closeAllTabs(): void {
  tabsStore.set((tabs) => tabs.filter((t) => t.value === HOME_PATH));
}

export function clearTabs(): void {
  tabsStore.set([]);
}
