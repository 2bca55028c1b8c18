import { REGION_LINES } from './regions.catalogue';

/**
 * The GB/T 2260 region list (regions.catalogue.ts) and its lookups: by code, by name (Chinese, short Chinese
 * or English), children of a code, and a region's name in a language. Stored records keep the Chinese
 * names the API takes (province, city, district); pages and exports show them through `regionLabel`,
 * which falls back to the stored text for a name the list does not hold.
 */
export type RegionLevel = 'province' | 'city' | 'district';
export type RegionLang = 'zh' | 'en';

export interface Region {
  code: string;
  /** The Chinese name (广东省, 深圳市, 南山区). */
  name: string;
  /** The English/pinyin name (Guangdong, Shenzhen, Nanshan District). */
  en: string;
  level: RegionLevel;
  /** The code of the province (for a city) or of the city (for a district); null for a province. */
  parent: string | null;
}

export interface RegionNames {
  province?: string | null;
  city?: string | null;
  district?: string | null;
}

const CODE_RE = /^\d{6}$/;

/** A code's level: xx0000 province, xxyy00 city, xx90zz (a county-level division a province administers) city. */
export function regionLevelOf(code: string): RegionLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00') || code.slice(2, 4) === '90') return 'city';
  return 'district';
}

/** The parent code (Chongqing's counties, 5002zz, sit under 500100 with its districts). */
export function regionParentOf(code: string): string | null {
  const level = regionLevelOf(code);
  if (level === 'province') return null;
  if (level === 'city') return `${code.slice(0, 2)}0000`;
  if (code.startsWith('5002')) return '500100';
  return `${code.slice(0, 4)}00`;
}

const COUNTY_SUFFIX: [RegExp, string][] = [
  [/区$/u, ' District'],
  [/县$/u, ' County'],
  [/旗$/u, ' Banner'],
];

function englishOf(code: string, name: string, en: string): string {
  if (regionLevelOf(code) !== 'district' || en.includes(' ')) return en;
  for (const [re, suffix] of COUNTY_SUFFIX) if (re.test(name)) return en + suffix;
  return en;
}

const REGIONS: Region[] = REGION_LINES.trim()
  .split('\n')
  .map((line) => {
    const [code = '', name = '', ...rest] = line.trim().split(' ');
    return {
      code,
      name,
      en: englishOf(code, name, rest.join(' ')),
      level: regionLevelOf(code),
      parent: regionParentOf(code),
    };
  });

const BY_CODE = new Map(REGIONS.map((r) => [r.code, r]));
const CHILDREN = new Map<string | null, Region[]>();
for (const r of REGIONS) {
  const list = CHILDREN.get(r.parent) ?? [];
  list.push(r);
  CHILDREN.set(r.parent, list);
}

/** A name without its administrative suffix: 广东省 → 广东, 广西壮族自治区 → 广西, 深圳市 → 深圳. */
export function shortRegionName(name: string): string {
  const n = name.trim();
  const short = n.replace(
    /(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市|地区|盟| Autonomous Region| Province| City| Shi| Sheng)$/iu,
    '',
  );
  return short.length >= 2 ? short : n;
}

const key = (s: string) => s.trim().toLowerCase();
const BY_NAME = new Map<string, Region[]>();
function index(name: string, r: Region) {
  const k = key(name);
  if (!k) return;
  const list = BY_NAME.get(k) ?? [];
  if (!list.includes(r)) list.push(r);
  BY_NAME.set(k, list);
}
for (const r of REGIONS) {
  index(r.name, r);
  index(r.en, r);
  if (r.level !== 'district') {
    index(shortRegionName(r.name), r);
    index(shortRegionName(r.en), r);
  }
}

/** Every region of the list, provinces first, in code order within a parent. */
export function allRegions(): readonly Region[] {
  return REGIONS;
}

/** The region of a GB/T 2260 code, or undefined. */
export function regionByCode(code: string | null | undefined): Region | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

/** Whether a code is a well-formed six-digit code of a region in the list. */
export function isRegionCode(code: string): boolean {
  return CODE_RE.test(code) && BY_CODE.has(code);
}

/**
 * The regions a name stands for: the full Chinese name, the short one (广东, 深圳) or the English name,
 * at any level (district names repeat across cities: 朝阳区 is in Beijing and Changchun).
 */
export function regionsByName(name: string | null | undefined, level?: RegionLevel): Region[] {
  if (!name) return [];
  const found = BY_NAME.get(key(name)) ?? [];
  return level ? found.filter((r) => r.level === level) : found;
}

/** The regions under a code: the provinces for null/undefined, the cities of a province, the districts of a city. */
export function regionChildren(code?: string | null): readonly Region[] {
  return CHILDREN.get(code ?? null) ?? [];
}

/** A region's name in a language. */
export function regionDisplayName(region: Region, lang: RegionLang): string {
  return lang === 'en' ? region.en : region.name;
}

/** The name of a code in a language ('' for an unknown code). */
export function regionNameOf(code: string | null | undefined, lang: RegionLang): string {
  const r = regionByCode(code);
  return r ? regionDisplayName(r, lang) : '';
}

function pick(name: string | null | undefined, level: RegionLevel, parent?: Region): Region | undefined {
  const found = regionsByName(name, level);
  if (parent) return found.find((r) => r.parent === parent.code);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The regions a stored triple names, each level resolved under the one above it. A city or district alone
 * resolves when its name is unique in the country; a name the list lacks resolves to undefined.
 */
export function resolveRegion(names: RegionNames): { province?: Region; city?: Region; district?: Region } {
  let province = pick(names.province, 'province');
  let city = pick(names.city, 'city', province);
  // A municipality's city is its province (北京市 北京市).
  if (!city && province && names.city && key(names.city) === key(names.province ?? ''))
    city = regionChildren(province.code).find((c) => c.name === province?.name);
  if (!province && city) province = regionByCode(city.parent);
  let district = pick(names.district, 'district', city);
  if (!district && !city && names.district) {
    district = pick(names.district, 'district');
    if (district) city = regionByCode(district.parent);
    if (city && !province) province = regionByCode(city.parent);
  }
  return { province, city, district };
}

/** The codes of a stored triple, as a path for a cascader ([] when the province is not in the list). */
export function regionPath(names: RegionNames): string[] {
  const r = resolveRegion(names);
  const path: string[] = [];
  if (!r.province) return path;
  path.push(r.province.code);
  if (r.city) path.push(r.city.code);
  if (r.city && r.district) path.push(r.district.code);
  return path;
}

/** One stored name in a language: the list's name when it knows the name, else the stored text. */
export function localizeRegionName(
  name: string | null | undefined,
  level: RegionLevel,
  lang: RegionLang,
  context: RegionNames = {},
): string {
  if (!name) return '';
  const resolved = resolveRegion({ ...context, [level]: name });
  const r = resolved[level] ?? pick(name, level);
  return r ? regionDisplayName(r, lang) : name;
}

/** The three stored names, each in a language (stored text where the list lacks it). */
export function localizeRegion(names: RegionNames, lang: RegionLang): Required<Record<RegionLevel, string>> {
  const r = resolveRegion(names);
  const show = (level: RegionLevel) => {
    const found = r[level];
    return found ? regionDisplayName(found, lang) : (names[level] ?? '');
  };
  return { province: show('province'), city: show('city'), district: show('district') };
}

/**
 * A stored region for display in a language, largest first as the columns read: 广东省 深圳市 南山区 /
 * "Guangdong, Shenzhen, Nanshan District". A municipality's repeated name shows once (北京市 朝阳区 /
 * "Beijing, Chaoyang District").
 */
export function regionLabel(names: RegionNames, lang: RegionLang): string {
  const l = localizeRegion(names, lang);
  const parts = [l.province, l.city, l.district].filter(Boolean);
  const unique = parts.filter((p, i) => p !== parts[i - 1]);
  return unique.join(lang === 'en' ? ', ' : ' ');
}

/** The names stored for a cascader path of codes ('' for a missing level). */
export function regionNamesOfPath(path: readonly string[] | null | undefined): Required<Record<RegionLevel, string>> {
  const [p, c, d] = path ?? [];
  return {
    province: regionByCode(p)?.name ?? '',
    city: regionByCode(c)?.name ?? '',
    district: regionByCode(d)?.name ?? '',
  };
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** The list as cascader options in a language, down to `depth` levels (1 provinces, 2 cities, 3 districts). */
export function regionOptions(lang: RegionLang, depth: 1 | 2 | 3 = 3): RegionOption[] {
  const build = (parent: string | null, level: number): RegionOption[] =>
    regionChildren(parent).map((r) => {
      const children = level < depth ? build(r.code, level + 1) : [];
      return children.length
        ? { value: r.code, label: regionDisplayName(r, lang), children }
        : { value: r.code, label: regionDisplayName(r, lang) };
    });
  return build(null, 1);
}

/**
 * A row with its province / city / district fields in a language (for exports and API rows shown as they
 * are): a copy with each present field replaced by the list's name; zh keeps the stored names.
 */
export function withRegionNames<T extends RegionNames>(row: T, lang: RegionLang): T {
  if (lang === 'zh') return row;
  const l = localizeRegion(row, lang);
  const out = { ...row };
  for (const level of ['province', 'city', 'district'] as const)
    if (typeof row[level] === 'string' && row[level]) out[level] = l[level] as T[typeof level];
  return out;
}

/**
 * Names as the list writes them in Chinese (what records store) where the list knows them: an imported
 * "Guangdong" / "广东" / "广东省" all become 广东省; a name the list lacks stays as given.
 */
export function storedRegionNames<T extends RegionNames>(row: T): T {
  const l = localizeRegion(row, 'zh');
  const out = { ...row };
  for (const level of ['province', 'city', 'district'] as const)
    if (typeof row[level] === 'string' && row[level]) out[level] = l[level] as T[typeof level];
  return out;
}
