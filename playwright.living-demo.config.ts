import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The living demo (e2e/living-demo.spec.ts): a server of its own, one port above E2E_PORT, started as
 * `npm start` starts it with the demo data and its robot fleet on (DEMO_FLEET=40, the default).
 */
const port = Number(process.env.E2E_PORT ?? 18080) + 1;
const dataDir = path.join(os.tmpdir(), `robot-ads-e2e-living-${process.pid}`);

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'living-demo.spec.ts',
  outputDir: `.tmp/test-results-${port}`,
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    command: `rm -rf ${dataDir} && npm start`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DEMO_FLEET: '40',
      DEMO_MEDIA_DIR: path.join(os.tmpdir(), 'robot-ads-demo-media'),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
