/**
 * The telemetry rate limit's counts in the files store: `telemetry/limits/<window>/<key>/<writer>`, a
 * byte per hit, one file per process; the total is every process's file added up.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { LIMITS_DIR, TELEMETRY_DIR } from '../layout';
import type { StateStore } from '../types';

const ONE_HIT = Buffer.from('.');

const safeName = (k: string): string => (/^[\w-]{1,64}$/.test(k) ? k : createHash('sha256').update(k).digest('hex').slice(0, 32));

export function fileLimits(root: string, mine: string): StateStore['countHit'] {
  const limitsDir = path.join(root, TELEMETRY_DIR, LIMITS_DIR);
  const made = new Set<string>();
  let nextPrune = 0;

  async function limitTotal(folder: string): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    const sizes = await Promise.all(
      names.map((n) =>
        fs.stat(path.join(folder, n)).then(
          (st) => st.size,
          () => 0,
        ),
      ),
    );
    return sizes.reduce((a, b) => a + b, 0);
  }

  async function limitAppend(folder: string): Promise<void> {
    const file = path.join(folder, mine);
    if (made.has(folder)) {
      try {
        return await fs.appendFile(file, ONE_HIT);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // pruned by a process whose clock is ahead
      }
    }
    await fs.mkdir(folder, { recursive: true });
    if (made.size > 10_000) made.clear();
    made.add(folder);
    await fs.appendFile(file, ONE_HIT);
  }

  /** Deletes the windows that ended before the previous one. */
  async function pruneLimits(now: number): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(limitsDir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = /^(\d+)-(\d+)$/.exec(name);
      if (!m) continue;
      const end = (Number(m[2]) + 1) * Number(m[1]);
      if (end + Number(m[1]) < now) await fs.rm(path.join(limitsDir, name), { recursive: true, force: true });
    }
  }

  return async (windowMs, windowNumber, hitKey, hit) => {
    const now = Date.now();
    // The key is a reporter id already (never an address); hashed again only to bound the name.
    const folder = path.join(limitsDir, `${windowMs}-${windowNumber}`, safeName(hitKey));
    if (hit) {
      await limitAppend(folder);
      if (now >= nextPrune) {
        nextPrune = now + windowMs;
        void pruneLimits(now).catch(() => undefined);
      }
    }
    return limitTotal(folder);
  };
}
