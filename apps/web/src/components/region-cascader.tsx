import {
  type RegionLang,
  type RegionNames,
  regionByCode,
  regionChildren,
  regionLabel,
  regionNamesOfPath,
  regionOptions,
  regionPath,
} from '@robot-ads/contracts/regions/regions';
import { Cascader, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The page language as the region list names it. */
export function useRegionLang(): RegionLang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

/** A stored region (Chinese names) as the page language shows it: 广东省 深圳市 / "Guangdong, Shenzhen". */
export function RegionText({ names, empty = '-' }: { names: RegionNames; empty?: string }) {
  const language = useRegionLang();
  return <>{regionLabel(names, language) || empty}</>;
}

/** A function giving a stored region's label in the page language (for table columns and tooltips). */
export function useRegionLabel(): (names: RegionNames) => string {
  const language = useRegionLang();
  return (names) => regionLabel(names, language);
}

type Names = Required<Record<'province' | 'city' | 'district', string>>;

/** A cascader's choice as list filters: the stored Chinese names, a level not chosen left out. */
export function regionFilter(names: RegionNames | null | undefined): {
  province?: string;
  city?: string;
  district?: string;
} {
  return {
    province: names?.province || undefined,
    city: names?.city || undefined,
    district: names?.district || undefined,
  };
}

/**
 * Province / city (/ district) chosen from the GB/T 2260 list (contracts/regions). The value is the stored
 * Chinese names the API takes; options show in the page language and can be searched. `depth` 2 stops at
 * the city; `changeOnSelect` lets a province alone be chosen (a whole province). A stored name the list
 * lacks shows as the placeholder until a region is chosen.
 */
export function RegionCascader({
  value,
  onChange,
  depth = 3,
  changeOnSelect = true,
  disabled,
  id,
  'aria-label': ariaLabel,
  placeholder,
}: {
  value?: RegionNames | null;
  onChange?: (names: Names) => void;
  depth?: 2 | 3;
  changeOnSelect?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const language = useRegionLang();
  const options = useMemo(() => regionOptions(language, depth), [language, depth]);
  const path = value ? regionPath(value) : [];
  const stored = value ? regionLabel(value, language) : '';
  // A stored name the list lacks (older free text): say so rather than show an empty box.
  const unknown = stored && path.length === 0 ? t('region.notInList', { text: stored }) : undefined;
  return (
    <Cascader
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      options={options}
      value={path.length ? path : undefined}
      changeOnSelect={changeOnSelect}
      allowClear
      showSearch={{
        filter: (input, opts) => opts.some((o) => String(o.label).toLowerCase().includes(input.trim().toLowerCase())),
        limit: 50,
      }}
      placeholder={unknown ?? placeholder ?? t('region.choose')}
      displayRender={(labels) => labels.join(language === 'en' ? ', ' : ' / ')}
      onChange={(codes) => onChange?.(regionNamesOfPath((codes ?? []) as string[]))}
      style={{ width: '100%' }}
    />
  );
}

/** A province chosen from the GB/T 2260 list; the value is its stored Chinese name (广东省). */
export function ProvinceSelect({
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
  allowClear = true,
  placeholder,
}: {
  value?: string | null;
  onChange?: (name: string) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  allowClear?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const language = useRegionLang();
  const options = useMemo(
    () => regionChildren(null).map((p) => ({ value: p.name, label: language === 'en' ? p.en : p.name })),
    [language],
  );
  const known = value ? options.some((o) => o.value === value) : false;
  const resolved = value && !known ? regionPath({ province: value })[0] : undefined;
  const shown = known ? value : resolved ? regionByCode(resolved)?.name : undefined;
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      options={options}
      value={shown ?? undefined}
      placeholder={
        value && !shown ? t('region.notInList', { text: value }) : (placeholder ?? t('region.chooseProvince'))
      }
      onChange={(v) => onChange?.(v ?? '')}
      style={{ width: '100%' }}
    />
  );
}
