import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { menuIconModules } from './apps/web/menu-icon-modules';

/**
 * The SDK from its sources in the repo (its package `exports` point at the published build in dist, with the
 * `@robot-ads/source` condition for TypeScript): tests never wait for, or run against a stale, build.
 */
const sdkSource = [
  { find: /^@robot-ads\/sdk$/, replacement: path.resolve(import.meta.dirname, 'packages/sdk/src/index.ts') },
  {
    find: /^@robot-ads\/sdk\/(device|webhooks)$/,
    replacement: path.resolve(import.meta.dirname, 'packages/sdk/src/$1.ts'),
  },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: sdkSource },
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/player/src/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias: sdkSource },
        test: {
          name: 'server',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['apps/server/**/*.int.test.ts'],
          // The demo seed's two videos are encoded once a machine, not once a seeding suite.
          env: { DEMO_MEDIA_DIR: path.join(os.tmpdir(), 'robot-ads-demo-media') },
          // Generous: seed-based suites share two cores with everything else in CI.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // SERVER_TEST_WORKERS: CI's PostgreSQL lane runs in one, beside the browser tests (.ci/run). The
          // command line's --maxWorkers does not reach a project's own setting.
          maxWorkers: Number(process.env.SERVER_TEST_WORKERS) || 2,
          // The files of a worker share its loaded modules (each file builds its own app and database):
          // the server's modules load once a worker instead of once a file (docs/testing.md, "CI time").
          isolate: false,
        },
      },
      {
        plugins: [react(), menuIconModules()],
        // Node loads antd's CommonJS build (`lib`) for `antd`: deep imports of its ES build (`antd/es/...`, which
        // the web uses for lighter chunks) get the same `lib` modules, so they share antd's contexts.
        resolve: { alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }] },
        test: {
          name: 'web',
          environment: 'jsdom',
          sequence: { groupOrder: 2 },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
    ],
  },
});
