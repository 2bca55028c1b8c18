import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The page check (e2e/page-check.spec.ts): every registered page as every demo role, in both languages
 * and at two widths, on the demo data as seeded. Part of `npm test`; alone: `npm run page-check` (see
 * docs/testing.md, "CI time", for its time). Screenshots (at 1280 px) and the list of problems
 * (problems.txt) go to .tmp/page-check/ (CI keeps them in ci-artifacts/).
 */
const webServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;
export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'page-check.spec.ts',
  // Not tried again: a second try of the whole check would add its 20 minutes; each problem is reported.
  retries: 0,
  // The server's first start (the demo seed on an empty database) can take minutes on a busy machine.
  ...(webServer ? { webServer: { ...webServer, timeout: 300_000 } } : {}),
  // No trace: the check writes its own record (problems.txt, a screenshot a page and language). A trace is
  // recorded on every action of every role's context even when kept only on failure, and writing the trace
  // of a failed 20-minute run outlasted the 60 s its teardown is given.
  use: { ...base.use, trace: 'off' },
});
