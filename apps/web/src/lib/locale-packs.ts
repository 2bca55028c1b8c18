import type { Language } from '@robot-ads/contracts/common/language';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

let loaded: Locale | undefined;

/** antd's strings loaded by `loadLocalePacks` (undefined before: antd's English defaults). */
export function antdLocale(): Locale | undefined {
  return loaded;
}

/** antd's and dayjs's own strings in the user's language (loaded once, before the first render). */
export async function loadLocalePacks(language: Language): Promise<Locale> {
  if (language === 'zh') {
    const [antd] = await Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    dayjs.locale('zh-cn');
    loaded = antd.default;
    return antd.default;
  }
  const antd = await import('antd/locale/en_US');
  dayjs.locale('en');
  loaded = antd.default;
  return antd.default;
}
