/**
 * System parameters (spec section 3: paramName, paramKey, paramValue, remark) the code reads where it has a
 * tunable. Each built-in key has its default (used while no row holds it) and a check of its value. Keys
 * are snake case: shown in pages, a dotted key would read like an untranslated i18n key.
 */
export interface BuiltinParam {
  key: string;
  name: { zh: string; en: string };
  remark: { zh: string; en: string };
  defaultValue: string;
  /** null when the value is acceptable, else the reason (English, shown inside PARAM_VALUE_INVALID). */
  check: (value: string) => string | null;
}

const number = (min: number, max: number, integer: boolean) => (value: string) => {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return `a number is expected`;
  if (integer && !Number.isInteger(n)) return 'a whole number is expected';
  if (n < min || n > max) return `between ${min} and ${max}`;
  return null;
};

/** Origins allowed in /myiframe (comma or space separated, each http(s)://host[:port]). */
export function parseOrigins(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;
const origins = (value: string) => {
  const bad = parseOrigins(value).find((o) => !ORIGIN.test(o));
  return bad ? `not an origin (https://host[:port]): ${bad}` : null;
};

export const PARAM_KEYS = {
  lowPullRate: 'low_pull_rate',
  freeMaterialsTrial: 'free_materials_trial',
  freeMaterialsRental: 'free_materials_rental',
  defaultWeeklyPrice: 'default_weekly_price',
  uploadMaterialMb: 'upload_material_max_mb',
  iframeAllowList: 'iframe_allow_list',
} as const;

export const BUILTIN_PARAMS: readonly BuiltinParam[] = [
  {
    key: PARAM_KEYS.lowPullRate,
    name: { zh: '拉取率预警阈值', en: 'Pull-rate warning threshold' },
    remark: {
      zh: '计划被拉取的设备比例低于该值时告警（0 到 1，默认 0.8）',
      en: 'A plan pulled by fewer devices than this share is flagged (0 to 1, default 0.8)',
    },
    defaultValue: '0.8',
    check: number(0, 1, false),
  },
  {
    key: PARAM_KEYS.freeMaterialsTrial,
    name: { zh: '试用设备免费素材数', en: 'Free materials on a trial device' },
    remark: { zh: '超出后收费（默认 1）', en: 'Beyond them a fee applies (default 1)' },
    defaultValue: '1',
    check: number(0, 15, true),
  },
  {
    key: PARAM_KEYS.freeMaterialsRental,
    name: { zh: '租赁设备免费素材数', en: 'Free materials on a leased device' },
    remark: { zh: '超出后收费（默认 3）', en: 'Beyond them a fee applies (default 3)' },
    defaultValue: '3',
    check: number(0, 15, true),
  },
  {
    key: PARAM_KEYS.defaultWeeklyPrice,
    name: { zh: '默认周价格（元）', en: 'Default price per week (yuan)' },
    remark: {
      zh: '新登记的设备未填价格时使用的周价格（元，0 表示不设）',
      en: 'Weekly price of a newly registered device without one (yuan; 0: none)',
    },
    defaultValue: '0',
    check: number(0, 10_000_000, false),
  },
  {
    key: PARAM_KEYS.uploadMaterialMb,
    name: { zh: '素材上传上限（MB）', en: 'Material upload limit (MB)' },
    remark: {
      zh: '单个素材文件的大小上限，1 到 100（默认 100）',
      en: 'Size limit of one material file, 1 to 100 (default 100)',
    },
    defaultValue: '100',
    check: number(1, 100, true),
  },
  {
    key: PARAM_KEYS.iframeAllowList,
    name: { zh: '可嵌入页面白名单', en: 'Embeddable pages allow-list' },
    remark: {
      zh: '/myiframe 可以嵌入的来源（https://主机[:端口]），逗号分隔',
      en: 'Origins /myiframe may embed (https://host[:port]), comma separated',
    },
    defaultValue: '',
    check: origins,
  },
];

export function builtinParam(key: string): BuiltinParam | undefined {
  return BUILTIN_PARAMS.find((p) => p.key === key);
}
