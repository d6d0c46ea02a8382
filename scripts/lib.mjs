// Helpers for the root commands (npm start, npm test, pnpm dev, pnpm bench). Plain Node: they must
// run on a fresh clone that has only Node and npm.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';

/** Environment for child processes: better-sqlite3 compiles against Node's own headers here. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

function log(msg) {
  console.log(`\x1b[36m[storefront]\x1b[0m ${msg}`);
}
export { log };

/**
 * pnpm without a `packageManager` pin (see TOOLCHAIN.md): use the one on PATH when it is pnpm 12,
 * else install it globally with npm, else fall back to npx.
 */
export function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('12.')) return ['pnpm'];
  log(`installing pnpm@${PNPM_VERSION} with npm`);
  const inst = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (inst.status === 0) {
    const again = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
    if (again.status === 0) return ['pnpm'];
  }
  log('global install not possible; using npx');
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

/** Runs a command to completion, inheriting stdio; exits the process on failure. */
export function run(cmd, args, opts = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: childEnv(opts.env), shell: false });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    log(`failed (${secs} s): ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
  if (opts.timed) log(`${opts.timed} took ${secs} s`);
}

/** Starts a long-running child; it is killed when this process exits. */
export function startChild(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: ROOT, env: childEnv(env) });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      log(`${name} stopped (${signal ?? code}); shutting down`);
      shutdown(code ?? 1);
    }
  });
  return child;
}

const children = [];
let shuttingDown = false;
export function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/** Polls a URL until it answers (any HTTP status below 500), or gives up after `ms`. */
export async function waitForHttp(url, ms = 60_000, headers = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { headers });
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
