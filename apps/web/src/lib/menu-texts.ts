import type { Language } from '@robot-ads/contracts/common/language';
import { MENU_CATALOGUE, type MenuEntry } from '@robot-ads/contracts/menus/menus.catalogue';
import i18next from 'i18next';

/**
 * The `menu` i18n namespace comes from the one menu catalogue in the contracts (its zh/en labels), so
 * menu items, tab labels and page titles read the same text as the server and never drift.
 */
export function menuResources(language: Language): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (entries: readonly MenuEntry[]) => {
    for (const entry of entries) {
      const [group = 'menu', ...rest] = entry.i18n.split('.');
      if (!out[group]) out[group] = {};
      const bucket = out[group] as Record<string, string>;
      bucket[rest.join('.')] = entry.label[language];
      if (entry.children) walk(entry.children);
    }
  };
  walk(MENU_CATALOGUE);
  return out;
}

const keyByPath = new Map<string, string>();
const collect = (entries: readonly MenuEntry[]) => {
  for (const entry of entries) {
    keyByPath.set(entry.path, `menu:${entry.i18n}`);
    if (entry.children) collect(entry.children);
  }
};
collect(MENU_CATALOGUE);

/** The i18n key ('menu:…') of a catalogue path, if the catalogue has it. */
export function menuKeyForPath(path: string): string | undefined {
  return keyByPath.get(path);
}

/** Adds the `menu` namespace for the language in use (done by the shell, which is the only user). */
export function installMenuTexts(): void {
  const language: Language = i18next.language === 'en' ? 'en' : 'zh';
  if (!i18next.hasResourceBundle(language, 'menu')) {
    i18next.addResourceBundle(language, 'menu', menuResources(language), true, true);
  }
}
