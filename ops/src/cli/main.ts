/**
 * `pnpm ops <command>`: the operator CLI (docs/operators.md). Arguments are parsed by node:util
 * parseArgs; each command is one file in ./cli/. Every command takes --root <dir> (default
 * $DEPLOY_ROOT, else <repo>/.deploy); with OPS_DATABASE_URL the mutable state is in PostgreSQL instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpsContext } from '../state';
import { OpsError, openStore } from '../state';
import type { Command } from './command';
import { activateCommand } from './activate';
import { deployAllCommand } from './deployAll';
import { historyCommand } from './history';
import { promoteCommand } from './promote';
import { publishCommand } from './publish';
import { reportCommand } from './report';
import { rollbackCommand } from './rollback';
import { serveCommand } from './serve';
import { statusCommand } from './status';

const COMMANDS: Record<string, Command> = {
  publish: publishCommand,
  activate: activateCommand,
  rollback: rollbackCommand,
  promote: promoteCommand,
  status: statusCommand,
  report: reportCommand,
  history: historyCommand,
  'deploy-all': deployAllCommand,
  serve: serveCommand,
};

const COMMON = { root: { type: 'string' }, repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

const USAGE = `usage: pnpm ops <command> [options]

${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join('\n')}

  sections: shell, catalog, cart_checkout (cart-checkout), account, admin (the back office)
  --root <dir>   deploy root (default: $DEPLOY_ROOT, else <repo>/.deploy)`;

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

export function contextFrom(values: { root?: unknown; repo?: unknown }, env: NodeJS.ProcessEnv = process.env): OpsContext {
  const repo = typeof values.repo === 'string' ? path.resolve(values.repo) : findRepoRoot();
  const rootArg = typeof values.root === 'string' ? values.root : env.DEPLOY_ROOT;
  const root = rootArg ? path.resolve(rootArg) : path.join(repo, '.deploy');
  return { root, repo };
}

/** parseArgs' own messages, said the way an operator reads them. */
function argumentError(command: string, e: Error & { code?: string }): OpsError {
  const unknown = /Unknown option '([^']+)'/.exec(e.message);
  if (unknown) return new OpsError(`${command} does not take ${unknown[1]}\n\n${USAGE}`, 2);
  const needs = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(e.message);
  if (needs) return new OpsError(`${needs[1]} needs a value`, 2);
  return new OpsError(e.message, 2);
}

/** Runs one command; returns the exit code (serve keeps running and returns 0 once listening). */
export async function main(
  argv: string[],
  out: (s: string) => void = console.log,
  err: (s: string) => void = console.error,
): Promise<number> {
  // A first, lenient pass finds the command (an option's value is never taken for it).
  const every = Object.assign({}, COMMON, ...Object.values(COMMANDS).map((c) => c.options)) as typeof COMMON;
  const loose = parseArgs({ args: argv, options: every, allowPositionals: true, strict: false });
  const name = loose.positionals[0];
  const command = name ? COMMANDS[name] : undefined;
  const help = loose.values.help === true;
  if (!name || name === 'help' || help) {
    out(USAGE);
    return name || help ? 0 : 2;
  }
  if (!command) {
    err(`ops ${name}: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: { ...COMMON, ...command.options }, allowPositionals: true, strict: true });
    } catch (e) {
      throw argumentError(name, e as Error);
    }
    const positionals = parsed.positionals.slice(1);
    const ctx = contextFrom(parsed.values);
    // OPS_DATABASE_URL: the shared PostgreSQL store; else the deploy root's files (ops/src/state).
    const store = openStore(ctx.root, process.env);
    ctx.store = store;
    try {
      return await command.run({ positionals, values: parsed.values }, ctx, { out, err });
    } finally {
      // `serve` hands its store to the host, which closes it when it stops.
      if (name !== 'serve') await store.close();
    }
  } catch (e) {
    if (e instanceof OpsError) {
      err(`ops ${name}: ${e.message}`);
      return e.exitCode;
    }
    err(`ops ${name}: ${(e as Error).stack ?? String(e)}`);
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
