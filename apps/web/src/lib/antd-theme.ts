import { theme as antdTheme, type ThemeConfig } from 'antd';
import { accessiblePrimary, lightOnDark, PALETTES, type ThemeName } from './themes';

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
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: p.dark ? lightOnDark(colour, '#141414') : primary,
      borderRadius: p.radius,
      colorTextDescription: p.dark ? '#a6a6a6' : '#595959',
      colorTextPlaceholder: p.dark ? '#8c8c8c' : '#767676',
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
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
