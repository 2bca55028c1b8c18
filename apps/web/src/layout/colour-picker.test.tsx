import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { settingsStore } from '../lib/settings';
import { PRESET_COLOURS } from '../lib/themes';
import { ColourPicker } from './colour-picker';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('common');
});
afterEach(cleanup);

describe('colour picker', () => {
  it('opens from a named button, and a preset picked becomes the colour', { timeout: 120_000 }, async () => {
    settingsStore.set((s) => ({ ...s, colour: '#409EFF' }));
    const { container } = render(<ColourPicker />);
    const trigger = screen.getByRole('button', { name: 'Theme colour' });
    // No name on an element without a role (antd's own trigger div: axe aria-prohibited-attr).
    const result = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'button-name'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(trigger);
    const presets = await screen.findAllByText('Suggested colours');
    expect(presets.length).toBeGreaterThan(0);
    // The ten suggested colours of lib/themes.ts; the eighth is red.
    const swatches = document.querySelectorAll<HTMLElement>('.ant-color-picker-presets-color');
    expect(swatches.length).toBe(PRESET_COLOURS.length);
    fireEvent.click(swatches[7] as HTMLElement);
    expect(settingsStore.get().colour).toBe('#F5222D');
  });
});
