// @ts-check
// The processes a bench starts (API servers, hosts, a browser): a free port, the wait for the first
// answer, and a stop that waits for the exit. Every process started here is stopped by `stopAll`.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/**
 * @typedef {object} Started
 * @property {string} label
 * @property {ChildProcess} child
 * @property {() => string} output the tail of what it printed (when kept)
 * @property {() => Promise<void>} stop SIGTERM (the whole group for a detached one), then its exit
 */

/** @type {Set<Started>} */
const running = new Set();

/** A port nobody listens on now, on loopback. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `cmd args`. `output`: 'keep' holds the last 20,000 characters for `output()` (a host logs a line
 * per request), 'inherit' shows them, 'ignore' drops them, a number is a file descriptor for stdout.
 * `detached` gives it a process group of its own, stopped as a whole (Chromium and its helpers).
 * @param {string} label
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, output?: 'keep' | 'inherit' | 'ignore' | number, detached?: boolean }} [opts]
 * @returns {Started}
 */
export function startProcess(label, cmd, args, opts = {}) {
  const output = opts.output ?? 'keep';
  const stdout = output === 'keep' ? 'pipe' : output;
  const stderr = output === 'keep' ? 'pipe' : output === 'ignore' ? 'ignore' : 'inherit';
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', stdout, stderr],
    detached: opts.detached ?? false,
  });
  let tail = '';
  const keep = (/** @type {Buffer} */ d) => (tail = (tail + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {Started} */
  const started = {
    label,
    child,
    output: () => tail,
    stop: async () => {
      running.delete(started);
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (opts.detached && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGTERM');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
  running.add(started);
  return started;
}

/** Stops every process started here, and waits for them. */
export async function stopAll() {
  await Promise.all([...running].map((p) => p.stop()));
}

/**
 * Waits until `url` answers (any status below 500) for at most `ms`; throws otherwise, or at once when
 * `started` has exited, with what it printed.
 * @param {string} url
 * @param {{ ms?: number, headers?: Record<string, string>, started?: Started }} [opts]
 */
export async function waitForHttp(url, opts = {}) {
  const end = Date.now() + (opts.ms ?? 60_000);
  const ended = () => opts.started && (opts.started.child.exitCode !== null || opts.started.child.signalCode !== null);
  while (Date.now() < end) {
    if (ended()) throw new Error(`${opts.started?.label} exited: ${opts.started?.output()}`);
    try {
      if ((await fetch(url, { headers: opts.headers ?? {} })).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${opts.ms ?? 60_000} ms${opts.started ? `: ${opts.started.output()}` : ''}`);
}
