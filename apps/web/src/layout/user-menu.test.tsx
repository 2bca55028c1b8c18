import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { renderWithApp, resetAfterEach } from '../test/render-with-app';
import { UserMenu } from './user-menu';

resetAfterEach();

const as = (user: string, role: string, principals: string) =>
  sessionStore.set((s) => ({ ...s, token: 't', user: { user, name: user, role, principals } as never }));

describe('the user menu links to the API documentation for root', { timeout: 60_000 }, () => {
  it.each([
    ['en', 'API documentation'],
    ['zh', '接口文档'],
  ] as const)('root opens /api/docs in a new tab (%s)', async (language, label) => {
    as('root', 'super', 'root');
    await renderWithApp(<UserMenu />, language);
    fireEvent.click(await screen.findByTestId('user-menu'));
    const link = (await screen.findByText(label)).closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/docs');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('an operator has no such link', async () => {
    as('operator1', 'operator', '');
    await renderWithApp(<UserMenu />, 'en');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('Lock screen')).toBeTruthy();
    expect(screen.queryByText('API documentation')).toBeNull();
  });
});
