import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';

/** JSON answers of a stubbed `fetch` (the server's envelopes). */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** After each test: unmount and give `fetch` back. */
export function resetAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders a page or part as the shell does: queries, antd's App, a router, Suspense for the locale. */
export async function renderWithApp(ui: ReactNode, language: 'zh' | 'en') {
  if (!i18n.isInitialized) await initI18n(language);
  else await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}
