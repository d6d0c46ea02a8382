// A Chromium of its own for Lighthouse (which drives it over its DevTools port): a fresh profile, a
// port of its own, and a stop that takes its helpers with it and removes the profile.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import chromiumSetup from 'e2e/chromium';
import { freePort, startProcess, waitForHttp } from '../lib/processes.mjs';

export const { CHROMIUM_FLAGS, CHROMIUM_PATH } = chromiumSetup;

/** Starts headless Chromium with remote debugging; resolves with its port and `stop`. */
export async function startChrome() {
  const userDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-'));
  const port = await freePort();
  const chrome = startProcess(
    'chromium',
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDir}`,
      'about:blank',
    ],
    // Its own process group, so its zygote and renderers go with it.
    { output: 'ignore', detached: true },
  );
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, { ms: 10_000, started: chrome });
  return {
    port,
    // Chromium's helpers may still be writing its cache: wait for the exit, then remove with retries.
    stop: async () => {
      await chrome.stop();
      for (let i = 0; i < 20; i++) {
        try {
          rmSync(userDir, { recursive: true, force: true });
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}
