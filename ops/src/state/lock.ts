/** The deploy root's lock: one state change at a time, across processes. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { LOCK_FILE } from './layout';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface LockOptions {
  /** Give up after this long (default 15 s). */
  timeoutMs?: number;
  /** A lock older than this whose holder is gone is taken over (default 30 s). */
  staleMs?: number;
}

/**
 * Runs `fn` holding `<root>/.ops.lock` (created with O_EXCL). Waiting commands retry with jittered
 * back-off; a lock left by a process that died is removed.
 */
export async function withLock<T>(root: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const staleMs = opts.staleMs ?? 30_000;
  await fs.mkdir(root, { recursive: true });
  const lockFile = path.join(root, LOCK_FILE);
  const token = `${process.pid} ${randomBytes(6).toString('hex')} ${new Date().toISOString()}`;
  const until = Date.now() + timeoutMs;
  let delay = 10;
  for (;;) {
    try {
      await fs.writeFile(lockFile, token, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Held by someone: take it over only if its holder is gone and it is old.
    try {
      const seen = await fs.readFile(lockFile, 'utf8');
      const st = await fs.stat(lockFile);
      const pid = Number(seen.split(' ')[0]);
      const dead = seen !== '' && Number.isInteger(pid) && pid > 0 && !pidAlive(pid);
      if (dead || Date.now() - st.mtimeMs > staleMs) {
        // Remove it only if it is still the same stale lock (another waiter may have replaced it).
        if ((await fs.readFile(lockFile, 'utf8')) === seen) await fs.rm(lockFile, { force: true });
        continue;
      }
    } catch {
      // it went away between the calls: retry at once
      continue;
    }
    if (Date.now() > until) {
      throw new Error(`the deploy root is locked by another ops command (${lockFile}); try again`);
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 200);
  }
  try {
    return await fn();
  } finally {
    // Remove only our own lock.
    try {
      if ((await fs.readFile(lockFile, 'utf8')) === token) await fs.rm(lockFile, { force: true });
    } catch {
      // already gone
    }
  }
}
