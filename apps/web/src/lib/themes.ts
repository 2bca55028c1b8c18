export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'star',
  'blue',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_COLOUR = '#409EFF';
export const PRESET_COLOURS = [
  '#409EFF',
  '#3574F7',
  '#1890FF',
  '#722ED1',
  '#13C2C2',
  '#52C41A',
  '#FA8C16',
  '#F5222D',
  '#EB2F96',
  '#2F4554',
];

/** The shell's look in one theme: the sidebar, the header and the page behind the content. */
export interface ShellPalette {
  dark: boolean;
  siderBg: string;
  siderText: string;
  siderMutedText: string;
  /** Background of the selected menu item; `primary` uses the picked colour. */
  siderActiveBg: string | 'primary';
  siderActiveText: string;
  siderSubBg: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  headerBorder: string;
  bodyBg: string;
  tabsBg: string;
  radius: number;
  /** A left bar on the selected menu item (AdminLTE, iView). */
  activeBar?: string | 'primary';
}

export const PALETTES: Record<ThemeName, ShellPalette> = {
  default: {
    dark: false,
    siderBg: '#20222a',
    siderText: '#c9ccd6',
    siderMutedText: '#9ea3b0',
    siderActiveBg: 'primary',
    siderActiveText: '#ffffff',
    siderSubBg: '#1a1c23',
    logoBg: '#20222a',
    logoText: '#ffffff',
    headerBg: '#ffffff',
    headerText: '#303133',
    headerBorder: '#ebeef5',
    bodyBg: '#f0f2f5',
    tabsBg: '#ffffff',
    radius: 6,
  },
  white: {
    dark: false,
    siderBg: '#ffffff',
    siderText: '#303133',
    siderMutedText: '#606266',
    siderActiveBg: '#e8f1fd',
    siderActiveText: '#0b57b8',
    siderSubBg: '#fafafa',
    logoBg: '#ffffff',
    logoText: '#1f2329',
    headerBg: '#ffffff',
    headerText: '#303133',
    headerBorder: '#ebeef5',
    bodyBg: '#f5f7fa',
    tabsBg: '#ffffff',
    radius: 8,
    activeBar: 'primary',
  },
  dark: {
    dark: true,
    siderBg: '#141414',
    siderText: '#d0d0d0',
    siderMutedText: '#a6a6a6',
    siderActiveBg: '#2b4a75',
    siderActiveText: '#ffffff',
    siderSubBg: '#101010',
    logoBg: '#141414',
    logoText: '#f0f0f0',
    headerBg: '#1c1c1c',
    headerText: '#e6e6e6',
    headerBorder: '#303030',
    bodyBg: '#0b0b0b',
    tabsBg: '#1c1c1c',
    radius: 6,
  },
  star: {
    dark: false,
    siderBg: 'linear-gradient(180deg, #1b1e3d 0%, #2c1d52 100%)',
    siderText: '#d8d6f2',
    siderMutedText: '#b3afdc',
    siderActiveBg: 'rgba(255,255,255,0.16)',
    siderActiveText: '#ffffff',
    siderSubBg: 'rgba(0,0,0,0.18)',
    logoBg: '#17193a',
    logoText: '#ffffff',
    headerBg: 'linear-gradient(90deg, #1b1e3d 0%, #3b2470 100%)',
    headerText: '#f2f0ff',
    headerBorder: '#2c2a55',
    bodyBg: '#eeedf7',
    tabsBg: '#ffffff',
    radius: 10,
  },
  blue: {
    dark: false,
    siderBg: '#1d4e9e',
    siderText: '#e3ecfa',
    siderMutedText: '#c3d3ef',
    siderActiveBg: '#0d3a82',
    siderActiveText: '#ffffff',
    siderSubBg: '#184488',
    logoBg: '#173f80',
    logoText: '#ffffff',
    headerBg: '#1d4e9e',
    headerText: '#ffffff',
    headerBorder: '#173f80',
    bodyBg: '#eef3fb',
    tabsBg: '#ffffff',
    radius: 4,
  },
  iview: {
    dark: false,
    siderBg: '#515a6e',
    siderText: '#f2f3f5',
    siderMutedText: '#dcdee2',
    siderActiveBg: '#363e4f',
    siderActiveText: '#ffffff',
    siderSubBg: '#363e4f',
    logoBg: '#515a6e',
    logoText: '#ffffff',
    headerBg: '#ffffff',
    headerText: '#515a6e',
    headerBorder: '#e8eaec',
    bodyBg: '#f5f7f9',
    tabsBg: '#f0f0f0',
    radius: 4,
    activeBar: 'primary',
  },
  vip: {
    dark: false,
    siderBg: '#191a1f',
    siderText: '#e5d3ae',
    siderMutedText: '#c8b68f',
    siderActiveBg: '#3a3222',
    siderActiveText: '#f7d58f',
    siderSubBg: '#121316',
    logoBg: '#0f1013',
    logoText: '#f7d58f',
    headerBg: '#191a1f',
    headerText: '#f0dfbb',
    headerBorder: '#3a3222',
    bodyBg: '#f6f3ec',
    tabsBg: '#ffffff',
    radius: 6,
    activeBar: '#d4a64f',
  },
  cool: {
    dark: false,
    siderBg: 'linear-gradient(180deg, #0c3b4f 0%, #0f5a66 100%)',
    siderText: '#d7f1f2',
    siderMutedText: '#a9dadc',
    siderActiveBg: 'rgba(255,255,255,0.18)',
    siderActiveText: '#ffffff',
    siderSubBg: 'rgba(0,0,0,0.15)',
    logoBg: '#0a3242',
    logoText: '#ffffff',
    headerBg: 'linear-gradient(90deg, #0e4b5e 0%, #13717a 100%)',
    headerText: '#ffffff',
    headerBorder: '#0e4b5e',
    bodyBg: '#edf6f7',
    tabsBg: '#ffffff',
    radius: 12,
  },
  d2: {
    dark: false,
    siderBg: '#ebf1f6',
    siderText: '#2f3a48',
    siderMutedText: '#4f5b6a',
    siderActiveBg: '#d3e2ef',
    siderActiveText: '#12355b',
    siderSubBg: '#e2eaf1',
    logoBg: '#ebf1f6',
    logoText: '#12355b',
    headerBg: '#ebf1f6',
    headerText: '#2f3a48',
    headerBorder: '#d3dde6',
    bodyBg: '#f5f8fb',
    tabsBg: '#ebf1f6',
    radius: 4,
  },
  hey: {
    dark: false,
    siderBg: '#f7f5fc',
    siderText: '#3b3355',
    siderMutedText: '#5a5275',
    siderActiveBg: '#e9e3f7',
    siderActiveText: '#4a2d8f',
    siderSubBg: '#f1eefa',
    logoBg: '#3d2f66',
    logoText: '#ffffff',
    headerBg: '#3d2f66',
    headerText: '#ffffff',
    headerBorder: '#3d2f66',
    bodyBg: '#f4f3f8',
    tabsBg: '#ffffff',
    radius: 8,
    activeBar: '#6a48c2',
  },
  lte: {
    dark: false,
    siderBg: '#222d32',
    siderText: '#c6d2d8',
    siderMutedText: '#9fb0b8',
    siderActiveBg: '#1e282c',
    siderActiveText: '#ffffff',
    siderSubBg: '#2c3b41',
    logoBg: '#2c6f9e',
    logoText: '#ffffff',
    headerBg: '#337ab7',
    headerText: '#ffffff',
    headerBorder: '#2c6f9e',
    bodyBg: '#ecf0f5',
    tabsBg: '#ffffff',
    radius: 0,
    activeBar: 'primary',
  },
};

// ---- colour arithmetic (WCAG relative luminance) ----
function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}
function mix(hex: string, target: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(target);
  return rgbToHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number]);
}

/**
 * The darkest light surface primary-coloured text lies on: the themes' page backgrounds (#ecf0f5 the darkest,
 * where an open page tab's title is written) and the primary tint (`primaryTint`: a "processing" tag, a
 * selected option).
 */
export const LIGHT_SURFACE = '#e6ebf2';

/**
 * The picked colour, darkened just enough for white text on it (buttons, the selected menu item) and for
 * it as text on the light surfaces (links, the open tab, a processing tag) to reach WCAG AA 4.5:1. A colour
 * that already passes is used as picked.
 */
export function accessiblePrimary(colour: string): string {
  let value = colour;
  for (let step = 0; step < 30 && contrast(value, LIGHT_SURFACE) < 4.5; step++) value = mix(value, '#000000', 0.04);
  return value;
}

/**
 * The light tint of the picked colour (antd's primary and info backgrounds). Taken from the colour as picked:
 * antd's own tint of the darkened primary turns grey and too dark for primary text on it.
 */
export function primaryTint(colour: string, amount = 0.9): string {
  return mix(colour, '#ffffff', amount);
}

/** The picked colour lightened until it reads on a dark background (links and active text in dark mode). */
export function lightOnDark(colour: string, background: string): string {
  let value = colour;
  for (let step = 0; step < 20 && contrast(value, background) < 4.5; step++) value = mix(value, '#ffffff', 0.08);
  return value;
}

/** CSS variables the shell's own styles read (sidebar, header, tabs), set on <html>. */
export function shellCssVariables(name: ThemeName, colour: string): Record<string, string> {
  const p = PALETTES[name];
  const primary = accessiblePrimary(colour);
  return {
    '--ra-sider-bg': p.siderBg,
    '--ra-sider-text': p.siderText,
    '--ra-sider-muted': p.siderMutedText,
    '--ra-sider-sub-bg': p.siderSubBg,
    '--ra-sider-active-bg': p.siderActiveBg === 'primary' ? primary : p.siderActiveBg,
    '--ra-sider-active-text': p.siderActiveText,
    '--ra-active-bar': p.activeBar === 'primary' ? primary : (p.activeBar ?? 'transparent'),
    '--ra-logo-bg': p.logoBg,
    '--ra-logo-text': p.logoText,
    '--ra-header-bg': p.headerBg,
    '--ra-header-text': p.headerText,
    '--ra-header-border': p.headerBorder,
    '--ra-body-bg': p.bodyBg,
    '--ra-tabs-bg': p.tabsBg,
    '--ra-primary': primary,
    '--ra-primary-raw': colour,
    '--ra-radius': `${p.radius}px`,
  };
}
