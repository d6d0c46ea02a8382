/**
 * The telemetry rate limit's store in the deploy root (ops/src/host/rateLimitStore.ts): one count per
 * address across every host process on the root. Each store class below stands for one process (its
 * own file per key and window); the test with real host processes is in canaryHost.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { deployRootStore, LIMITS_DIR } from '../src/host/rateLimitStore';
import { reporterKey } from '../src/telemetry/reporters';
import { TELEMETRY_DIR } from '../src/telemetry/store';

const MINUTE = 60_000;
/** A window that no test run crosses the end of (about 35 years). */
const WIDE = 2 ** 40;
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'ops-limits-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const storeOf = (Store: FastifyRateLimitStoreCtor) => new Store({} as ConstructorParameters<FastifyRateLimitStoreCtor>[0]);
const hit = (Store: FastifyRateLimitStoreCtor, address: string, max: number, windowMs = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    storeOf(Store).incr(address, (err, r) => (err || !r ? reject(err ?? new Error('no result')) : resolve(r)), windowMs, max),
  );
const limitsDir = () => path.join(root, TELEMETRY_DIR, LIMITS_DIR);
const filesBelow = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));

test('hits at once through two processes never let more than the limit through, and each counts once', async () => {
  const key = await reporterKey(root);
  const [a, b] = [deployRootStore(root, key), deployRootStore(root, key)];
  const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 ? b : a, '203.0.113.7', 15, WIDE)));
  expect(results.filter((r) => r.current <= 15).length).toBeLessThanOrEqual(15);
  // Every hit was written once: one file per process, one byte per hit.
  const files = filesBelow(limitsDir());
  expect(files).toHaveLength(2);
  expect(files.reduce((n, f) => n + statSync(f).size, 0)).toBe(40);
  // A third process starting now goes on from where both left it; another address has its own count.
  const c = deployRootStore(root, key);
  expect((await hit(c, '203.0.113.7', 15, WIDE)).current).toBe(41);
  expect((await hit(c, '203.0.113.8', 15, WIDE)).current).toBe(1);
});

test('a key past its limit is answered from memory (no more writes) until its window ends; no file names or holds the address', async () => {
  const key = await reporterKey(root);
  const a = deployRootStore(root, key);
  for (let i = 1; i <= 4; i++) expect((await hit(a, '2001:db8::7', 3, WIDE)).current).toBe(i);
  expect((await hit(a, '2001:db8::7', 3, WIDE)).current).toBe(5);
  const files = filesBelow(limitsDir());
  expect(files.map((f) => statSync(f).size)).toEqual([4]);
  for (const f of files) {
    // The key's directory is a 16-hex-digit keyed hash; the file is named by the host and process, and a
    // host name may hold any letters (a CI machine was called vm-6539-db8904), so the address is looked
    // for whole, in any spelling of its separators.
    const [, , , keyId] = path.relative(root, f).split(path.sep);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(path.relative(root, f)).not.toMatch(/2001\W*0*db8/i);
    expect(readFileSync(f, 'utf8')).toBe('....');
  }
});

test('windows that ended before the previous one are deleted; the ttl runs to the end of the window', async () => {
  const key = await reporterKey(root);
  // The windows below are counted from now: a minute that ends before the hit would make "previous" two
  // windows old, and rightly deleted. Start clear of a minute's end.
  if (MINUTE - (Date.now() % MINUTE) < 2_000) await new Promise((res) => setTimeout(res, 2_000));
  const now = Date.now();
  const old = path.join(limitsDir(), `${MINUTE}-${Math.floor(now / MINUTE) - 3}`, 'ffffffffffffffff');
  const previous = path.join(limitsDir(), `${MINUTE}-${Math.floor(now / MINUTE) - 1}`);
  mkdirSync(old, { recursive: true });
  mkdirSync(previous, { recursive: true });
  const r = await hit(deployRootStore(root, key), '198.51.100.1', 10);
  expect(r.ttl).toBeGreaterThan(0);
  expect(r.ttl).toBeLessThanOrEqual(MINUTE);
  // The prune runs beside the hit: wait for it to finish (the test times out if it never does).
  while (existsSync(path.dirname(old))) await new Promise((res) => setTimeout(res, 20));
  expect(existsSync(previous)).toBe(true);
});
