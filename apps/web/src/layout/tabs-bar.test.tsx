import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import axe from 'axe-core';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { installMenuTexts } from '../lib/menu-texts';
import { HOME_PATH, tabsStore } from '../lib/tabs';
import { TabsBar } from './tabs-bar';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderBar(at: string) {
  tabsStore.set([
    { value: HOME_PATH, query: '', label: 'Home' },
    { value: '/info/index', query: '', label: 'common:x' },
    { value: '/nowhere/a', query: '', label: 'Page A' },
  ]);
  return render(
    <App>
      <MemoryRouter initialEntries={[at]}>
        <TabsBar />
        <Where />
      </MemoryRouter>
    </App>,
  );
}

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('common');
  installMenuTexts();
});
afterEach(cleanup);

describe('tabs bar', () => {
  it('is a tab list of tabs only (no button inside it), the current page selected and alone in the Tab order', async () => {
    const { container } = renderBar('/nowhere/a');
    const list = screen.getByRole('tablist');
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Smart board', 'Personal info', 'Page A']);
    // The closing crosses are hidden from assistive technology: the list owns nothing but tabs.
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
    // axe's own ARIA rules agree (antd's editable tabs failed aria-required-children here).
    const result = await axe.run(container, {
      runOnly: ['aria-required-children', 'aria-required-parent', 'nested-interactive', 'aria-prohibited-attr'],
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('moves along with the arrow keys, opens a tab with Enter and closes it with Delete', () => {
    renderBar('/nowhere/a');
    const tab = (name: string) => screen.getByRole('tab', { name });
    act(() => tab('Page A').focus());
    fireEvent.keyDown(tab('Page A'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Personal info'));
    expect(tab('Personal info').tabIndex).toBe(0);
    fireEvent.keyDown(tab('Personal info'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Smart board'));
    fireEvent.keyDown(tab('Smart board'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Page A'));
    fireEvent.keyDown(tab('Page A'), { key: 'ArrowRight' });
    fireEvent.keyDown(tab('Smart board'), { key: 'ArrowRight' });
    fireEvent.keyDown(tab('Personal info'), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/info/index');
    expect(tab('Personal info').getAttribute('aria-selected')).toBe('true');
    // Delete closes the page's tab; the shell goes to its neighbour. The home tab never closes.
    fireEvent.keyDown(tab('Personal info'), { key: 'Delete' });
    expect(screen.queryByRole('tab', { name: 'Personal info' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/nowhere/a');
    fireEvent.keyDown(tab('Smart board'), { key: 'Delete' });
    expect(tabsStore.get().map((t) => t.value)).toEqual([HOME_PATH, '/nowhere/a']);
  });

  it('closes a tab with its cross', () => {
    renderBar('/info/index');
    const cross = screen.getByRole('tab', { name: 'Page A' }).querySelector('.ra-tab-close') as HTMLElement;
    fireEvent.click(cross);
    expect(screen.queryByRole('tab', { name: 'Page A' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/info/index');
  });
});
