// `pnpm --filter @storefront/api bench:images [-- --json <file>] [--rate 200] [--duration 10]` (issue 20):
// what the image endpoint costs. Starts the real server (production mode) over a fresh database and an
// empty variant cache (the photo pool is the shared one, drawn once), then measures
//   1. first requests: a variant encoded by the request (AVIF, WebP, JPEG at 480 and 800 px), one by one;
//   2. the same requests again, now answered from the disk cache;
//   3. cached variants paced at --rate requests/s (the site's mix: 320–800 px, AVIF via Accept, some WebP).
// Everything stays on 127.0.0.1; times are wall clock on a shared machine: compare medians, and runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pacedRun, type PacedFigures, type PacedRequest } from './paced';
import { freePort, waitFor } from './apiProcess';

const API_DIR = path.resolve(__dirname, '..');
const API_KEY = 'bench-api-key';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

async function timed(url: string, accept?: string): Promise<{ ms: number; bytes: number; cache: string; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: accept ? { accept } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - start, bytes: body.length, cache: res.headers.get('x-image-cache') ?? '', status: res.status };
}

async function main(): Promise<void> {
  const rate = Number(arg('rate') ?? 200);
  const seconds = Number(arg('duration') ?? 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-img-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DB_FILE: path.join(dir, 'bench.sqlite'),
      IMAGE_DIR: path.join(dir, 'images'),
      API_KEY,
      NODE_ENV: 'production',
      API_LOG: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverLog = '';
  server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
  try {
    await waitFor(`${base}/api/openapi.json`, 180_000);
    const arrivals = (await (await fetch(`${base}/api/new-arrivals`, { headers: { 'x-api-key': API_KEY } })).json()) as {
      data: { data: { product_images: string }[] };
    };
    const pictures = [...new Set(arrivals.data.data.flatMap((p) => p.product_images.split(',')))];
    console.log(`[bench:images] API up at ${base}; ${pictures.length} product pictures of the new arrivals`);

    // 1 and 2: first (encoding) and cached requests, one at a time.
    const first: Record<string, number[]> = {};
    const cached: Record<string, number[]> = {};
    const bytes: Record<string, number[]> = {};
    for (const [i, pic] of pictures.slice(0, 8).entries()) {
      for (const f of ['avif', 'webp', 'jpeg']) {
        for (const w of [480, 800]) {
          const key = `${f} ${w}`;
          const a = await timed(`${base}${pic}?w=${w}&f=${f}`);
          if (a.status !== 200 || a.cache !== 'miss') throw new Error(`${pic}?w=${w}&f=${f}: ${a.status} ${a.cache}`);
          const b = await timed(`${base}${pic}?w=${w}&f=${f}`);
          if (b.cache !== 'hit') throw new Error(`${pic}: second answer not from the cache`);
          (first[key] ??= []).push(a.ms);
          (cached[key] ??= []).push(b.ms);
          (bytes[key] ??= []).push(a.bytes);
        }
      }
      console.log(`[bench:images] picture ${i + 1}/8 encoded`);
    }
    const encodeRows = Object.keys(first).map((key) => ({
      variant: key,
      'first (encode) p50': `${round(percentile(first[key] ?? [], 50))} ms`,
      'first max': `${round(Math.max(...(first[key] ?? [])))} ms`,
      'cached p50': `${round(percentile(cached[key] ?? [], 50))} ms`,
      'size p50': `${round(percentile(bytes[key] ?? [], 50) / 1024)} KB`,
    }));
    console.table(encodeRows);

    // 3: cached variants at `rate`/s: what a page load's pictures cost the API once warm.
    const mix: PacedRequest[] = [];
    for (const pic of pictures.slice(0, 8)) {
      for (const w of [480, 800]) {
        mix.push({ method: 'GET', path: `${pic}?w=${w}`, headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
        mix.push({ method: 'GET', path: `${pic}?w=${w}&f=webp`, headers: {} });
      }
    }
    const paced: PacedFigures = await pacedRun({ port, rate, seconds, next: (i) => mix[i % mix.length] ?? null });
    console.log(
      `[bench:images] cached variants at ${rate}/s for ${seconds} s: p50 ${paced.p50} ms, p99 ${paced.p99} ms, max ${paced.max} ms, ${paced.throughput}/s, errors ${paced.errors + paced.non2xx}`,
    );
    const out = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      encode: { first, cached, bytes },
      paced: { rate, seconds, ...paced },
    };
    const json = arg('json');
    if (json) fs.writeFileSync(json, JSON.stringify(out, null, 2));
  } catch (err) {
    console.error(serverLog.slice(-2000));
    throw err;
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('[bench:images] failed:', err);
  process.exit(1);
});
