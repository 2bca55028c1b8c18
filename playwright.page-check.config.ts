import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The page check (e2e/page-check.spec.ts): every registered page as every demo role, in both languages
 * and at two widths, on the demo data as seeded. Part of `npm test`; alone: `npm run page-check` (about 11
 * minutes on two cores). Screenshots (at 1280 px) go to .tmp/page-check/ (CI keeps them in ci-artifacts/).
 */
export default defineConfig({ ...base, testIgnore: [], testMatch: 'page-check.spec.ts' });
