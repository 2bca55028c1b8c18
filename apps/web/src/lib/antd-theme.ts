import { theme as antdTheme, type ThemeConfig } from 'antd';
import { accessiblePrimary, lightOnDark, PALETTES, primaryTint, type ThemeName } from './themes';

/**
 * Text colours that reach WCAG AA (4.5:1) on white and on their own light background, for the light
 * algorithm. antd's defaults do not: a danger button's #ff4d4f on white is 3.3:1, a green tag's #389e0d on
 * #f6ffed 3.4:1, a warning's #faad14 1.8:1 (axe `color-contrast`). The state colours are darkened just enough
 * (lib/themes.ts contrast arithmetic, checked in antd-theme.test.ts) and their light backgrounds and borders
 * keep antd's default tints (a dark seed would otherwise turn them grey).
 */
export const LIGHT_STATE_COLOURS = {
  colorSuccess: '#378210',
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessBorderHover: '#95de64',
  colorWarning: '#b35c00',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorWarningBorderHover: '#ffd666',
  colorError: '#d32f2f',
} as const;

/**
 * The text shade (7) of antd's preset tag colours where it is under 4.5:1 on the tag's background (shade 1):
 * darkened in the same hue until it passes. Blue, purple, magenta, red and geekblue already pass.
 */
const PRESET_TEXT: Record<string, string> = {
  cyan: '#087e82',
  green: '#2f840d',
  orange: '#ac5608',
  yellow: '#877006',
  volcano: '#c8340d',
  lime: '#567d05',
  gold: '#9d6506',
};
/** Both spellings of the token (`green7`, `green-7`): antd writes both to the same CSS variable. */
export const LIGHT_PRESET_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(PRESET_TEXT).flatMap(([name, value]) => [
    [`${name}7`, value],
    [`${name}-7`, value],
  ]),
);

/**
 * antd's theme for a shell theme and colour. Apart from lib/themes.ts (which has no antd in it) so that
 * the login page, which uses no antd, loads none of it.
 */
export function antdThemeFor(name: ThemeName, colour: string): ThemeConfig {
  const p = PALETTES[name];
  const primary = accessiblePrimary(colour);
  return {
    cssVar: { key: 'robot-ads' },
    algorithm: p.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      ...(p.dark
        ? {}
        : {
            ...LIGHT_STATE_COLOURS,
            ...LIGHT_PRESET_TEXT,
            colorPrimaryBg: primaryTint(colour),
            colorPrimaryBgHover: primaryTint(colour, 0.8),
            colorInfoBg: primaryTint(colour),
            colorInfoBgHover: primaryTint(colour, 0.8),
          }),
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: p.dark ? lightOnDark(colour, '#141414') : primary,
      borderRadius: p.radius,
      colorTextDescription: p.dark ? '#a6a6a6' : '#595959',
      // Labels of details (Descriptions) and other secondary text: antd's 45 % black is 3.4:1 on white.
      colorTextTertiary: p.dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)',
      // 4.5:1 also on a disabled or filled control's grey (#f5f5f5), not only on white.
      colorTextPlaceholder: p.dark ? '#8c8c8c' : '#6b6b6b',
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      // The unchecked track under its white text ("off" labels): antd's 25 % black is 2.3:1 on white.
      ...(p.dark
        ? {}
        : { Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' } }),
      Layout: { headerBg: 'transparent', siderBg: 'transparent', bodyBg: p.bodyBg, headerPadding: 0, headerHeight: 56 },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        darkItemBg: 'transparent',
        darkSubMenuItemBg: 'transparent',
        darkPopupBg: p.dark ? '#1f1f1f' : p.siderBg.startsWith('#') ? p.siderBg : p.logoBg,
        itemColor: p.siderText,
        itemHoverColor: p.siderActiveText,
        itemSelectedColor: p.siderActiveText,
        darkItemColor: p.siderText,
        darkItemHoverColor: p.siderActiveText,
        darkItemSelectedColor: p.siderActiveText,
        itemSelectedBg: p.siderActiveBg === 'primary' ? primary : p.siderActiveBg,
        darkItemSelectedBg: p.siderActiveBg === 'primary' ? primary : p.siderActiveBg,
        itemHoverBg: 'rgba(127,127,127,0.14)',
        darkItemHoverBg: 'rgba(255,255,255,0.08)',
        groupTitleColor: p.siderMutedText,
        itemBorderRadius: Math.min(p.radius, 8),
      },
    },
  };
}
