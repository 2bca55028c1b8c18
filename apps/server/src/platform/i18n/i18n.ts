/**
 * The server's texts (export column titles, bill and certificate wording, sheet names) in locale files
 * (locales/<language>/<namespace>.json), read through one i18next instance. The error catalogue
 * (contracts/common/errors) stays apart: it carries codes and the spec's messages.
 */
import type { Language } from '@robot-ads/contracts/common/language';
import { offsetLabel, zoneLabel } from '@robot-ads/contracts/playback/zoned-time';
import i18next, { type TOptions } from 'i18next';
import enFlags from '../../../../../packages/contracts/src/locales/en/play-flags.json' with { type: 'json' };
import enVocabulary from '../../../../../packages/contracts/src/locales/en/vocabulary.json' with { type: 'json' };
import zhFlags from '../../../../../packages/contracts/src/locales/zh/play-flags.json' with { type: 'json' };
import zhVocabulary from '../../../../../packages/contracts/src/locales/zh/vocabulary.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import enCertificates from './locales/en/certificates.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enDevices from './locales/en/devices.json' with { type: 'json' };
import enPlaylists from './locales/en/playlists.json' with { type: 'json' };
import enPublishing from './locales/en/publishing.json' with { type: 'json' };
import enReviews from './locales/en/reviews.json' with { type: 'json' };
import enSales from './locales/en/sales.json' with { type: 'json' };
import enShooting from './locales/en/shooting.json' with { type: 'json' };
import enStatistics from './locales/en/statistics.json' with { type: 'json' };
import zhAccounts from './locales/zh/accounts.json' with { type: 'json' };
import zhCertificates from './locales/zh/certificates.json' with { type: 'json' };
import zhCommon from './locales/zh/common.json' with { type: 'json' };
import zhDevices from './locales/zh/devices.json' with { type: 'json' };
import zhPlaylists from './locales/zh/playlists.json' with { type: 'json' };
import zhPublishing from './locales/zh/publishing.json' with { type: 'json' };
import zhReviews from './locales/zh/reviews.json' with { type: 'json' };
import zhSales from './locales/zh/sales.json' with { type: 'json' };
import zhShooting from './locales/zh/shooting.json' with { type: 'json' };
import zhStatistics from './locales/zh/statistics.json' with { type: 'json' };

/**
 * Every namespace in every language: a test checks that both languages have the same keys. `play-flags`
 * (why a play was flagged) and `vocabulary` (industries, lead sources, priorities and follow-up states) are
 * shared with the web, from contracts.
 */
export const SERVER_LOCALES = {
  zh: {
    common: zhCommon,
    reviews: zhReviews,
    accounts: zhAccounts,
    devices: zhDevices,
    playlists: zhPlaylists,
    sales: zhSales,
    publishing: zhPublishing,
    shooting: zhShooting,
    statistics: zhStatistics,
    'play-flags': zhFlags,
    vocabulary: zhVocabulary,
    certificates: zhCertificates,
  },
  en: {
    common: enCommon,
    reviews: enReviews,
    accounts: enAccounts,
    devices: enDevices,
    playlists: enPlaylists,
    sales: enSales,
    publishing: enPublishing,
    shooting: enShooting,
    statistics: enStatistics,
    'play-flags': enFlags,
    vocabulary: enVocabulary,
    certificates: enCertificates,
  },
} as const satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof SERVER_LOCALES)['zh'];

const instance = i18next.createInstance();
void instance.init({
  resources: SERVER_LOCALES,
  lng: 'zh',
  fallbackLng: false,
  supportedLngs: ['zh', 'en'],
  ns: Object.keys(SERVER_LOCALES.zh),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A text `ns:key` in the language (`{{name}}` filled from `values`). */
export function tr(lang: Language, key: `${Namespace}:${string}`, values?: Record<string, unknown>): string {
  return instance.t(key, { ...(values as TOptions), lng: lang }) as string;
}

/** A group of texts `ns:key` in the language, as an object of its keys (column titles, labels). */
export function texts<K extends string = string>(lang: Language, key: `${Namespace}:${string}`): Record<K, string> {
  const value = instance.t(key, { lng: lang, returnObjects: true }) as unknown;
  if (typeof value !== 'object' || value === null) throw new Error(`no text group ${key} in ${lang}`);
  return value as Record<K, string>;
}

/** A column title that states the zone of its times: `Taken at (Asia/Shanghai, UTC+8)`, `拍摄时间（Asia/Shanghai，UTC+8）`. */
export function withZone(lang: Language, label: string, timeZone: string, atSeconds: number): string {
  return tr(lang, 'common:withZone', { label, zone: timeZone, offset: offsetLabel(atSeconds, timeZone) });
}

/** A caption line that states the zone of a file's times: `Times in Asia/Shanghai (UTC+8)`. */
export function timesIn(lang: Language, timeZone: string, atSeconds: number): string {
  return tr(lang, 'common:timesIn', { zone: zoneLabel(timeZone, atSeconds) });
}

/** A whole namespace in the language (e.g. every flag reason by its code). */
export function namespace(lang: Language, ns: Namespace): Record<string, string> {
  return instance.getResourceBundle(lang, ns) as Record<string, string>;
}

/** A list of the shared vocabulary (contracts/locales/<lang>/vocabulary.json). */
export type VocabularyList = keyof (typeof SERVER_LOCALES)['zh']['vocabulary'];

/**
 * A stored vocabulary value in the language's words (an export's cell): a value outside the catalogue is a
 * person's free text (a device's industry typed in a sheet) and is written as it is.
 */
export function vocabularyText(lang: Language, list: VocabularyList, value: string | null | undefined): string {
  if (!value) return '';
  const words = SERVER_LOCALES[lang].vocabulary[list] as Record<string, string>;
  return words[value] ?? value;
}
