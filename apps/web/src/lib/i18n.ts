import type { Language } from '@robot-ads/contracts/common/language';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage } from './settings';

/**
 * Locale files live in `src/locales/{zh,en}/<namespace>.json`. Each is its own small chunk, loaded when
 * a page using the namespace is first shown (`useTranslation('<namespace>')` suspends until then).
 * Texts the server writes too (exports, certificates) live in contracts (`packages/contracts/src/locales`),
 * read by both.
 */
const localeFiles = {
  ...import.meta.glob<{ default: Record<string, unknown> }>('../../../../packages/contracts/src/locales/*/*.json'),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json'),
};
const sharedFile = (language: string, namespace: string) =>
  `../../../../packages/contracts/src/locales/${language}/${namespace}.json`;

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      localeFiles[`../locales/${language}/${namespace}.json`] ?? localeFiles[sharedFile(language, namespace)];
    if (!load) {
      callback(new Error(`No locale file ${language}/${namespace}.json`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default as never),
      (err: Error) => callback(err, false),
    );
  },
};

export const i18n = i18next;

export async function initI18n(language: Language = currentLanguage()): Promise<void> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['zh', 'en'],
      // The vocabulary (industries, lead sources, ...) is read outside components too (industryText).
      ns: ['common', 'vocabulary'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      partialBundledLanguages: true,
    });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export function lang(): Language {
  return i18next.language === 'en' ? 'en' : 'zh';
}
