// The API's request log (API_LOG=1, issue 41): one JSON line per request in the edge host's shape, under
// the host's request id, so that one request reads as one line in each log (and development prints one
// short line per request through pino-pretty, scripts/lib.mjs prettyLogs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '..');

it('logs one line per request, with the request id the host sent', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-log-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DB_FILE|NODE_ENV|API_\w+|JEST_\w+)$/.test(k)),
  );
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...env, NODE_ENV: 'development', API_LOG: '1', API_PORT: '0', DB_FILE: path.join(dir, 'api.sqlite') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  server.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API did not start:\n${out}`)), 60_000);
      const poll = setInterval(() => {
        const m = /listening on (http:\/\/[\d.]+:\d+)\/api/.exec(out);
        if (m?.[1]) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(m[1]);
        }
      }, 50);
    });
    const res = await fetch(`${base}/api/store-info`, {
      method: 'POST',
      headers: { 'x-api-key': 'dev-storefront-key', 'x-request-id': 'trace-41', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.reqId === 'trace-41');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'POST',
        url: '/api/store-info',
        route: '/api/store-info',
        statusCode: 200,
      }),
    ]);
    expect(typeof lines[0]?.responseTime).toBe('number');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
