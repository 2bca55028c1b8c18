import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeFor } from './antd-theme';
import { contrast, LIGHT_SURFACE, PALETTES, PRESET_COLOURS, THEME_NAMES } from './themes';

const PRESET_TAGS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

/** antd's computed tokens for a shell theme and picked colour, as the shell's ConfigProvider gets them. */
const tokens = (name: (typeof THEME_NAMES)[number], colour: string) =>
  theme.getDesignToken(antdThemeFor(name, colour)) as unknown as Record<string, string>;

describe('antd theme: text colours reach WCAG AA 4.5:1 (axe color-contrast)', () => {
  const light = THEME_NAMES.filter((name) => !PALETTES[name].dark);

  it('danger buttons, success / warning / error tags and messages, on white and on their own tint', () => {
    const t = tokens('default', '#409EFF');
    for (const state of ['Success', 'Warning', 'Error']) {
      const text = t[`color${state}`] as string;
      expect(contrast(text, '#ffffff'), state).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, t[`color${state}Bg`] as string), state).toBeGreaterThanOrEqual(4.5);
    }
    // The tints keep antd's light look (a dark seed alone would turn them grey).
    expect(t.colorSuccessBg).toBe('#f6ffed');
    expect(t.colorWarningBg).toBe('#fffbe6');
  });

  it('secondary text (details labels) on white and on the page background, in every light theme', () => {
    for (const name of light) {
      const t = tokens(name, '#409EFF');
      // 60 % black over white is #666666.
      expect(t.colorTextTertiary).toBe('rgba(0, 0, 0, 0.6)');
      expect(contrast('#666666', PALETTES[name].bodyBg), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.colorTextDescription as string, PALETTES[name].bodyBg), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every preset tag colour (green "enabled", gold "pending" ...) on its tag background', () => {
    const t = tokens('default', '#409EFF');
    for (const colour of PRESET_TAGS) {
      expect(contrast(t[`${colour}7`] as string, t[`${colour}1`] as string), colour).toBeGreaterThanOrEqual(4.5);
      // antd writes `green7` and `green-7` to the same CSS variable: both carry the passing shade.
      expect(t[`${colour}-7`], colour).toBe(t[`${colour}7`]);
    }
  });

  it('the primary colour, for every preset pick and light theme: white on it, it on the page and on its tint', () => {
    for (const name of light) {
      for (const pick of PRESET_COLOURS) {
        const t = tokens(name, pick);
        const where = `${name} ${pick}`;
        expect(contrast(t.colorPrimary as string, '#ffffff'), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorPrimary as string, PALETTES[name].bodyBg), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorInfo as string, t.colorInfoBg as string), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorLink as string, LIGHT_SURFACE), where).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
