/**
 * `pnpm ops <command>`: the operator CLI. See docs/operators.md.
 *
 *   publish <section> [--from <distDir>]            copy a build in as a new immutable version
 *   activate <section> <version> [--force] [--base-url <origin>]
 *   rollback <section>                              back to the previously live version (repeatable)
 *   status [--json]                                 live, last-known-good and published versions
 *   history [<section>] [--json]
 *   deploy-all                                      publish + activate every section's newest build
 *   serve [--port 8080] [--host 127.0.0.1] [--api <url>] [--only <remote>] [--no-ssr]
 *
 * Every command takes --root <dir> (default $DEPLOY_ROOT, else <repo>/.deploy).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  activate,
  deployAll,
  formatHistory,
  formatStatus,
  history,
  publish,
  rollback,
  status,
  type OpsContext,
} from './commands';
import { createHost } from './host';
import { OpsError } from './sections';

const USAGE = `usage: pnpm ops <command> [options]

  publish <section> [--from <distDir>]     copy the newest production build (or <distDir>) into the
                                           deploy root as a new version; never overwrites one
  activate <section> <version> [--force] [--base-url <origin>]
                                           make a published version live (checks shared singletons
                                           against the live shell; --force overrides, recorded)
  rollback <section>                       back to the previously live version (repeatable)
  status [--json]                          every section: live, last-known-good, published versions
  history [<section>] [--json]             every change, oldest first
  deploy-all                               publish and activate each section's newest build (npm start)
  serve [--port <n>] [--host <h>] [--api <url>] [--only <remote>] [--no-ssr]
                                           the static host (registry, config, assets, /api proxy;
                                           public pages rendered on the server unless --no-ssr)

  sections: shell, catalog, cart_checkout (cart-checkout), account
  --root <dir>   deploy root (default: $DEPLOY_ROOT, else <repo>/.deploy)`;

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['force', 'json', 'help', 'quiet', 'no-ssr', 'source-maps']);

export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a === '-h') {
      flags.set('help', true);
    } else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (eq > 0) flags.set(name, a.slice(eq + 1));
      else if (BOOLEAN_FLAGS.has(name)) flags.set(name, true);
      else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) throw new OpsError(`--${name} needs a value`, 2);
        flags.set(name, next);
        i++;
      }
    } else {
      positional.push(a);
    }
  }
  return { positional, flags };
}

function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** The workspace root: the nearest folder above cwd holding pnpm-workspace.yaml. */
export function findRepoRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(from);
    dir = up;
  }
}

export function contextFrom(args: ParsedArgs, env: NodeJS.ProcessEnv = process.env): OpsContext {
  const repo = flag(args, 'repo') ? path.resolve(flag(args, 'repo') ?? '.') : findRepoRoot();
  const rootArg = flag(args, 'root') ?? env.DEPLOY_ROOT;
  const root = rootArg ? path.resolve(rootArg) : path.join(repo, '.deploy');
  return { root, repo };
}

const KNOWN: Record<string, string[]> = {
  publish: ['from', 'root', 'repo'],
  activate: ['force', 'base-url', 'root', 'repo'],
  rollback: ['root', 'repo'],
  status: ['json', 'root', 'repo'],
  history: ['json', 'root', 'repo'],
  'deploy-all': ['root', 'repo'],
  serve: ['port', 'host', 'api', 'root', 'repo', 'only', 'quiet', 'no-ssr', 'source-maps'],
};

function checkFlags(command: string, args: ParsedArgs): void {
  const allowed = KNOWN[command] ?? [];
  for (const name of args.flags.keys()) {
    if (name !== 'help' && !allowed.includes(name)) throw new OpsError(`${command} does not take --${name}\n\n${USAGE}`, 2);
  }
}

async function serve(args: ParsedArgs, ctx: OpsContext, out: (s: string) => void): Promise<void> {
  const only = flag(args, 'only') ?? null;
  const port = Number(flag(args, 'port') ?? (only ? '8181' : (process.env.PORT ?? '8080')));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new OpsError(`bad --port ${flag(args, 'port') ?? ''}`, 2);
  const hostName = flag(args, 'host') ?? process.env.HOST ?? '127.0.0.1';
  const api = only ? null : (flag(args, 'api') ?? process.env.API_URL ?? null);
  let host;
  try {
    host = createHost({
      root: ctx.root,
      api,
      only,
      // Public pages rendered on the server (issue 8) unless --no-ssr or SSR=off.
      ssr: !args.flags.has('no-ssr'),
      sourceMaps: args.flags.has('source-maps') ? true : undefined,
      logger: args.flags.has('quiet') ? 'warn' : true,
    });
  } catch (e) {
    throw new OpsError((e as Error).message, 2);
  }
  const url = await host.listen(port, hostName);
  out(
    only
      ? `[ops] serving ${only} assets only (CORS on) from ${ctx.root} at ${url}`
      : `[ops] serving ${ctx.root} at ${url}${api ? `  (/api → ${api})` : '  (no --api: /api answers 502)'}`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    out(`[ops] ${signal}: finishing requests in flight, then closing the host`);
    host.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Runs one command; returns the exit code (serve keeps running and returns 0 once listening). */
export async function main(argv: string[], out: (s: string) => void = console.log, err: (s: string) => void = console.error): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err((e as Error).message);
    return 2;
  }
  const [command, ...rest] = args.positional;
  if (!command || command === 'help' || args.flags.has('help')) {
    out(USAGE);
    return command || args.flags.has('help') ? 0 : 2;
  }
  try {
    if (!(command in KNOWN)) throw new OpsError(`unknown command "${command}"\n\n${USAGE}`, 2);
    checkFlags(command, args);
    const ctx = contextFrom(args);
    const json = args.flags.has('json');
    switch (command) {
      case 'publish': {
        const from = flag(args, 'from');
        const r = await publish(ctx, rest[0] ?? '', from ? { from } : {});
        out(`published ${r.section.name} ${r.version}\n  from ${r.from}\n  to   ${r.dir}\nmake it live: pnpm ops activate ${r.section.name} ${r.version}`);
        if (r.dropped.length) out(`note: left out ${r.dropped.length} precompressed file(s) that no longer match their file: ${r.dropped.join(', ')}`);
        return 0;
      }
      case 'activate': {
        const started = process.hrtime.bigint();
        const baseUrl = flag(args, 'base-url');
        const r = await activate(ctx, rest[0] ?? '', rest[1], {
          force: args.flags.has('force'),
          ...(baseUrl ? { baseUrl } : {}),
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        for (const n of r.notes) if (n !== 'already live') out(`note: ${n}`);
        if (!r.changed) {
          out(`${r.section.name} ${r.version} is already live; nothing changed`);
          return 0;
        }
        if (r.forced) out(`WARNING: activated past ${r.problems.length} compatibility problem(s) (--force, recorded in history):\n  ${r.problems.join('\n  ')}`);
        const was = r.moved
          ? ` (same version, now served from ${r.entry} instead of ${r.moved.from})`
          : r.previous
            ? ` (was ${r.previous}; pnpm ops rollback ${r.section.name} returns to it)`
            : '';
        out(
          `${r.section.name} ${r.version} is live${was}` +
            `${r.entry ? `\n  entry ${r.entry}` : ''}\n  the next page load gets it (${ms.toFixed(0)} ms)`,
        );
        return 0;
      }
      case 'rollback': {
        const started = process.hrtime.bigint();
        const r = await rollback(ctx, rest[0] ?? '');
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        out(
          `rolled back ${r.section.name}: ${r.from} → ${r.to} (${ms.toFixed(0)} ms); the next page load gets ${r.to}` +
            `\n  last-known-good is now ${r.lastKnownGood ?? 'none'}`,
        );
        if (r.problems.length) out(`WARNING: ${r.to} no longer matches the live shell:\n  ${r.problems.join('\n  ')}`);
        return 0;
      }
      case 'status': {
        const rows = await status(ctx);
        if (json) {
          out(
            JSON.stringify(
              {
                root: ctx.root,
                sections: rows.map((r) => ({
                  name: r.section.name,
                  live: r.live,
                  lastKnownGood: r.lastKnownGood,
                  rollbackSteps: r.rollbackSteps,
                  serverRendered: r.serverRendered,
                  versions: r.versions,
                })),
              },
              null,
              2,
            ),
          );
        } else {
          out(formatStatus(rows, ctx.root));
        }
        return 0;
      }
      case 'history': {
        const recs = await history(ctx, rest[0]);
        out(json ? JSON.stringify(recs, null, 2) : formatHistory(recs));
        return 0;
      }
      case 'deploy-all': {
        const r = await deployAll(ctx);
        for (const l of r.lines) out(`[ops] ${l}`);
        for (const f of r.failures) err(`[ops] ${f}`);
        return r.failures.length ? 1 : 0;
      }
      case 'serve':
        await serve(args, ctx, out);
        return 0;
    }
    return 2;
  } catch (e) {
    if (e instanceof OpsError) {
      err(`ops ${command}: ${e.message}`);
      return e.exitCode;
    }
    err(`ops ${command}: ${(e as Error).stack ?? String(e)}`);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
