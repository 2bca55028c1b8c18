import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The page check (e2e/page-check.spec.ts): every registered page as every demo role, in both languages
 * and at two widths, on the demo data as seeded. Run with `npm run page-check` (about 12 minutes on two
 * cores); not part of `npm test` yet (see docs/web-shell.md).
 */
export default defineConfig({ ...base, testIgnore: [], testMatch: 'page-check.spec.ts' });
