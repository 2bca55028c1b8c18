import { type Language, pickLanguage } from '@robot-ads/contracts/common/language';
import { createStore, readJson, safeLocalStorage, writeJson } from './store';
import { DEFAULT_COLOUR, DEFAULT_THEME, THEME_NAMES, type ThemeName } from './themes';

export interface Settings {
  theme: ThemeName;
  colour: string;
  /** null until the user picks one: the browser's language is used. */
  language: Language | null;
  collapsed: boolean;
}

const KEY = 'robot-ads-settings';

function load(): Settings {
  const saved = readJson<Settings>(safeLocalStorage, KEY, {
    theme: DEFAULT_THEME,
    colour: DEFAULT_COLOUR,
    language: null,
    collapsed: false,
  });
  if (!THEME_NAMES.includes(saved.theme)) saved.theme = DEFAULT_THEME;
  if (!/^#[0-9a-f]{6}$/i.test(saved.colour)) saved.colour = DEFAULT_COLOUR;
  if (saved.language !== 'zh' && saved.language !== 'en') saved.language = null;
  return saved;
}

/** Theme, colour, language and the collapsed sidebar: kept in localStorage, so they survive a reload. */
export const settingsStore = createStore<Settings>(load(), (s) => writeJson(safeLocalStorage, KEY, s));

export function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'zh';
  return pickLanguage((navigator.languages ?? [navigator.language]).join(','));
}

/** The language in use: the saved one, else the browser's. */
export function currentLanguage(): Language {
  return settingsStore.get().language ?? browserLanguage();
}

/** Saves the language and reloads the page so every string, antd and dayjs follow (spec section 1). */
export function switchLanguage(language: Language): void {
  settingsStore.set((s) => ({ ...s, language }));
  window.location.reload();
}
