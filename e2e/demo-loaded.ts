import type { FullConfig } from '@playwright/test';

/**
 * Global set-up of every Playwright suite: the web server answers (Playwright waited for /api/health) as soon
 * as it listens, and a first start loads the demo data after that, saying `demo: "loading"` in the health
 * answer meanwhile. The specs sign in with the demo accounts, so they start once it says `ready`.
 */
export default async function demoLoaded(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL in the Playwright config');
  // A first start writes the demo data and its media: minutes on a loaded 2-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const demo = await fetch(`${baseURL}/api/health`)
      .then(async (r) => ((await r.json()) as { data?: { demo?: string } }).data?.demo)
      .catch(() => undefined);
    if (demo !== undefined && demo !== 'loading') return;
    if (Date.now() > deadline) throw new Error(`the demo data was not loaded within 300 s (health: demo ${demo})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
