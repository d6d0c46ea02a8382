import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.cjs';

/**
 * Browser tests of the composed production site: the shell and the three remotes as built by
 * `pnpm build`, published and activated by the ops CLI into their own deploy root, served by the ops
 * static host in front of the real API server on a fresh SQLite database. Chromium is Debian's.
 */
const PORT = Number(process.env.E2E_PORT ?? 8180);
const API_PORT = Number(process.env.E2E_API_PORT ?? 3180);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Playwright loads this file as CommonJS; import.meta would make Node 20 treat it as ESM and fail.
const root = path.resolve(__dirname, '..');
// Set once in the main process: workers inherit it, so a spec can change the shop's rules with the API's CLI
// (pincode.spec), and the global setup adds the back office's owner to this database (admin.spec).
const dbFile = (process.env.E2E_DB_FILE ??= path.join(os.tmpdir(), `storefront-e2e-${process.pid}.sqlite`));

export default defineConfig({
  testDir: './tests',
  // After the web server is up (Playwright starts it first): the shop's first owner, as an owner adds it.
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/start.mjs --skip-install --skip-build',
    cwd: root,
    url: `${BASE_URL}/storefront.config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      DB_FILE: dbFile,
      DEPLOY_ROOT: path.join(root, '.deploy', 'e2e'),
      NODE_ENV: 'development',
      // A rule a spec changes (pincode.spec: the COD fee) shows on the next page, not a minute later.
      PINCODE_CACHE_SECONDS: '1',
      // The host logs one JSON line per request at info; the test output keeps its warnings and errors.
      LOG_LEVEL: 'warn',
    },
  },
});
