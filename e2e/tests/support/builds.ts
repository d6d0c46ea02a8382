/**
 * Release helpers of the operator specs (ops.spec.ts, canary.spec.ts): the newest production build of a
 * package, a copy of it as another version (optionally with its JavaScript edited), and the ops CLI on a
 * deploy root of the spec's own.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export const REPO = path.resolve(__dirname, '..', '..', '..');
const OPS_BIN = path.join(REPO, 'ops', 'bin', 'storefront-ops.cjs');
const run = promisify(execFile);

/** Runs `pnpm ops <args> --root <root>` (the same CLI without pnpm's start-up); throws with its stderr. */
export async function opsIn(root: string, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [OPS_BIN, ...args, '--root', root], { cwd: REPO });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`ops ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** The newest production build folder of a workspace package (what `pnpm ops publish` would take). */
export async function newestBuild(folder: string): Promise<string> {
  const dist = path.join(REPO, folder, 'dist');
  const names = (await fs.readdir(dist).catch(() => [] as string[])).filter((n) => n !== 'dev' && !n.startsWith('.'));
  const dated = await Promise.all(
    names.map(async (n) => ({ n, t: (await fs.stat(path.join(dist, n, 'build.json')).catch(() => null))?.mtimeMs ?? -1 })),
  );
  const best = dated.filter((d) => d.t >= 0).sort((a, b) => b.t - a.t)[0];
  if (!best) throw new Error(`no production build in ${dist}: run BUILD_ID=… NODE_ENV=production pnpm run build first`);
  return path.join(dist, best.n);
}

/**
 * Copies a build to `dest` as `version`; `edit` rewrites its JavaScript (the browser's chunks and the
 * server build, server/server.js: a release changes both). Gives how many files changed.
 */
export async function copyBuild(
  from: string,
  dest: string,
  version: string,
  edit?: (name: string, text: string) => string,
): Promise<number> {
  await fs.cp(from, dest, { recursive: true });
  const buildFile = path.join(dest, 'build.json');
  const build = JSON.parse(await fs.readFile(buildFile, 'utf8')) as Record<string, unknown>;
  await fs.writeFile(buildFile, JSON.stringify({ ...build, version }, null, 2));
  if (!edit) return 0;
  let changed = 0;
  const files = [
    ...(await fs.readdir(dest)),
    ...(await fs.readdir(path.join(dest, 'server')).catch(() => [] as string[])).map((n) => `server/${n}`),
  ];
  for (const name of files.filter((n) => n.endsWith('.js'))) {
    const file = path.join(dest, name);
    const text = await fs.readFile(file, 'utf8');
    const out = edit(name, text);
    if (out === text) continue;
    changed++;
    await fs.writeFile(file, out);
    // The precompressed copies would still hold the old text: the host serves those first.
    await fs.rm(`${file}.br`, { force: true });
    await fs.rm(`${file}.gz`, { force: true });
  }
  return changed;
}
