import {
  localizeRegionName,
  type RegionLevel,
  type RegionNames,
  regionChildren,
  regionLabel,
} from '@robot-ads/contracts/regions/regions';
import { lang } from './i18n';

/**
 * Stored regions (the Chinese names the API keeps) in the page language, from the GB/T 2260 list in
 * contracts/regions: 广东省 深圳市 on a zh page, "Guangdong, Shenzhen" on an en page. A name the list lacks
 * shows as stored.
 */
export function regionText(names: RegionNames, empty = ''): string {
  return regionLabel(names, lang()) || empty;
}

/** One stored name (a province, a city) in the page language. */
export function regionNameText(name: string | null | undefined, level: RegionLevel, context?: RegionNames): string {
  return localizeRegionName(name, level, lang(), context);
}

/** The provinces as choices in the page language; the value is the stored Chinese name (广东省). */
export function provinceOptions(): { value: string; label: string }[] {
  const language = lang();
  return regionChildren(null).map((p) => ({ value: p.name, label: language === 'en' ? p.en : p.name }));
}
