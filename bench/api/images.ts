// `pnpm bench:images [--json <file>] [--rate 200] [--duration 10]` (issue 20; also `pnpm --filter
// @storefront/api bench:images`): what the image endpoint costs. The real server (production mode) over a
// fresh database and an empty variant cache (the photo pool is the shared one, drawn once):
//   1. first requests: a variant encoded by the request (AVIF, WebP, JPEG at 480 and 800 px), one by one;
//   2. the same requests again, now answered from the disk cache;
//   3. cached variants paced at --rate requests/s (the site's mix: 320–800 px, AVIF via Accept, some WebP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliArgs, numberArg } from '../lib/args.mjs';
import { startApiServer } from '../lib/apiServer.mjs';
import { pacedList, type PacedRequest } from '../lib/paced.mjs';
import { freePort, waitForHttp } from '../lib/processes.mjs';
import { machine, saveResult } from '../lib/results.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { headers } from './requests';

const PICTURES = 8;
const log = (line: string) => console.log(`[bench:images] ${line}`);

async function timed(url: string, accept?: string): Promise<{ ms: number; bytes: number; cache: string; status: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: accept ? { accept } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - start, bytes: body.length, cache: res.headers.get('x-image-cache') ?? '', status: res.status };
}

/** The new arrivals' product pictures (their paths on the API). */
async function productPictures(base: string): Promise<string[]> {
  const res = await fetch(`${base}/api/new-arrivals`, { headers: headers.common });
  const arrivals = (await res.json()) as { data: { data: { product_images: string }[] } };
  return [...new Set(arrivals.data.data.flatMap((p) => p.product_images.split(',')))];
}

/** 1 and 2: each variant's first (encoding) and cached request, one at a time; ms and bytes per variant. */
async function encodeAndCache(base: string, pictures: string[]) {
  const first: Record<string, number[]> = {};
  const cached: Record<string, number[]> = {};
  const bytes: Record<string, number[]> = {};
  for (const [i, pic] of pictures.slice(0, PICTURES).entries()) {
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
    log(`picture ${i + 1}/${PICTURES} encoded`);
  }
  console.table(
    Object.keys(first).map((key) => ({
      variant: key,
      'first (encode) p50': `${round(percentile(first[key] ?? [], 50), 1)} ms`,
      'first max': `${round(Math.max(...(first[key] ?? [])), 1)} ms`,
      'cached p50': `${round(percentile(cached[key] ?? [], 50), 1)} ms`,
      'size p50': `${round(percentile(bytes[key] ?? [], 50) / 1024, 1)} KB`,
    })),
  );
  return { first, cached, bytes };
}

/** 3: the cached variants a page load asks for, as a browser asks (AVIF by Accept, or WebP named). */
function cachedMix(pictures: string[]): PacedRequest[] {
  return pictures.slice(0, PICTURES).flatMap((pic) =>
    [480, 800].flatMap((w): PacedRequest[] => [
      { method: 'GET', path: `${pic}?w=${w}`, headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } },
      { method: 'GET', path: `${pic}?w=${w}&f=webp`, headers: {} },
    ]),
  );
}

async function main(): Promise<void> {
  const args = cliArgs();
  const rate = numberArg(args, 'rate', 200);
  const seconds = numberArg(args, 'duration', 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-img-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startApiServer({ port, env: { DB_FILE: path.join(dir, 'bench.sqlite'), IMAGE_DIR: path.join(dir, 'images') } });
  try {
    await waitForHttp(`${base}/api/openapi.json`, { ms: 180_000, started: server });
    const pictures = await productPictures(base);
    log(`API up at ${base}; ${pictures.length} product pictures of the new arrivals`);
    const encode = await encodeAndCache(base, pictures);
    const mix = cachedMix(pictures);
    const paced = await pacedList({ port, rate, seconds, requests: mix });
    log(
      `cached variants at ${rate}/s for ${seconds} s: p50 ${paced.p50} ms, p99 ${paced.p99} ms, max ${paced.max} ms, ${paced.throughput}/s, errors ${paced.errors + paced.non2xx}`,
    );
    const out = saveResult(
      'images',
      { at: new Date().toISOString(), machine: machine(), encode, paced: { rate, seconds, ...paced } },
      args.json || undefined,
    );
    log(`figures written to ${out}`);
  } catch (err) {
    console.error(server.output().slice(-2000));
    throw err;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('[bench:images] failed:', err);
  process.exit(1);
});
