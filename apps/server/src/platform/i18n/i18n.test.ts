import { describe, expect, it } from 'vitest';
import { namespace, SERVER_LOCALES, texts, tr, withZone } from './i18n';

/** Every leaf key of a locale file as `a.b.c`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('server locale files', () => {
  it('have the same keys in zh and en, every text filled', () => {
    expect(Object.keys(SERVER_LOCALES.en).sort()).toEqual(Object.keys(SERVER_LOCALES.zh).sort());
    for (const ns of Object.keys(SERVER_LOCALES.zh) as (keyof typeof SERVER_LOCALES.zh)[]) {
      expect(keys(SERVER_LOCALES.en[ns]).sort(), ns).toEqual(keys(SERVER_LOCALES.zh[ns]).sort());
      for (const lang of ['zh', 'en'] as const) {
        for (const k of keys(SERVER_LOCALES[lang][ns])) {
          const text = k
            .split('.')
            .reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], SERVER_LOCALES[lang][ns]);
          expect(typeof text === 'string' && text.trim().length > 0, `${lang} ${ns}:${k}`).toBe(true);
        }
      }
    }
  });
  it('reads a text and a group of texts in the caller language', () => {
    expect(tr('zh', 'sales:bill.title')).toBe('对账单');
    expect(tr('en', 'sales:bill.title')).toBe('Statement');
    expect(tr('en', 'common:timesIn', { zone: 'Asia/Shanghai (UTC+8)' })).toBe('Times in Asia/Shanghai (UTC+8)');
    expect(texts('en', 'publishing:state').pulled).toBe('Pulled');
    expect(texts('zh', 'publishing:state').pulled).toBe('已拉取');
    expect(tr('en', 'playlists:playingMode.round')).toBe('Loop');
    expect(namespace('zh', 'play-flags').overlap).toBe('播放重叠');
    expect(withZone('zh', '拍摄时间', 'Asia/Kolkata', 1_795_600_800)).toBe('拍摄时间（Asia/Kolkata，UTC+5:30）');
    expect(withZone('en', 'Taken at', 'Asia/Kolkata', 1_795_600_800)).toBe('Taken at (Asia/Kolkata, UTC+5:30)');
  });
});
