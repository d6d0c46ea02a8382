/**
 * The server builds a render runs: the live shell's (`shell/<v>/server/server.js`) and each remote's,
 * evaluated once per version. Remote builds leave the shared singletons (react, mobx,
 * @storefront/shared, …) out and get the shell build's copies through their `require`, so one React
 * renders the shell and the remote together — on the server what Module Federation arranges in the browser.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createRequire, builtinModules } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { BUILD_FILES, SHELL_NAME, isVersionName } from '@storefront/contract/seam';
import { versionPath } from '../../state';
import type { PageLoaderScript, ShellServer } from './types';

type Require = (id: string) => unknown;
type Module = Record<string, unknown>;

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Evaluates a CommonJS build file with the given `require`. */
async function evaluate(file: string, require: Require): Promise<Module> {
  const code = await fs.readFile(file, 'utf8');
  const fn = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file }) as (
    exports: unknown,
    require: Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as Module };
  fn(module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Memoises a promise per key. */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let p = cache.get(key);
  if (!p) {
    p = make();
    cache.set(key, p);
  }
  return p;
}

export interface ServerBuilds {
  /** A version folder's server build file. */
  serverFile(name: string, version: string): string;
  shell(version: string): Promise<ShellServer | null>;
  /** A remote version's server build, evaluated against one shell version's singletons. */
  remote(shellVersion: string, shell: ShellServer, name: string, version: string): Promise<Module | null>;
  /** The shell version's page loader, if it has one (and it is safe to inline). */
  pageLoader(version: string): Promise<PageLoaderScript | undefined>;
  /** Loads the registry's live builds; gives what could not be loaded (a build without a server bundle is fine). */
  warm(reg: RemoteRegistry): Promise<string[]>;
}

export function serverBuilds(root: string, log?: (line: string) => void): ServerBuilds {
  const shells = new Map<string, Promise<ShellServer | null>>();
  const remotes = new Map<string, Promise<Module | null>>();
  const loaders = new Map<string, Promise<PageLoaderScript | undefined>>();
  const warned = new Set<string>();
  /** Said once per build: `what` is e.g. "shell 0.1.0-s1: server build unusable, pages render in the browser". */
  const unusable = (key: string, what: string) => (err: unknown) => {
    if (!warned.has(key)) log?.(`[ssr] ${what} (${(err as Error).message})`);
    warned.add(key);
    return null;
  };
  const serverFile = (name: string, version: string) =>
    path.join(versionPath(root, name, version), BUILD_FILES.serverDir, BUILD_FILES.serverFile);

  const shell = (version: string) =>
    once(shells, version, async () => {
      const file = serverFile(SHELL_NAME, version);
      if (!(await isFile(file))) return null;
      const mod = await evaluate(file, createRequire(file) as Require);
      if (typeof mod.renderPage !== 'function' || !mod.singletons || typeof mod.singletons !== 'object') {
        throw new Error(`${file} is not a shell server build`);
      }
      return mod as unknown as ShellServer;
    }).catch(unusable(`shell:${version}`, `shell ${version}: server build unusable, pages render in the browser`));

  const remote = (shellVersion: string, server: ShellServer, name: string, version: string) => {
    const key = `${shellVersion}|${name}|${version}`;
    return once(remotes, key, async () => {
      const file = serverFile(name, version);
      if (!(await isFile(file))) return null;
      const nodeRequire = createRequire(file);
      const require = (id: string): unknown => {
        if (Object.prototype.hasOwnProperty.call(server.singletons, id)) return server.singletons[id];
        if (NODE_BUILTINS.has(id)) return nodeRequire(id);
        throw new Error(`${name}@${version}'s server build requires "${id}", which the shell ${shellVersion} does not share`);
      };
      return evaluate(file, require);
    }).catch(unusable(key, `${name} ${version}: server build unusable, its pages render in the browser`));
  };

  const pageLoader = (version: string) =>
    once(loaders, version, () =>
      fs
        .readFile(path.join(versionPath(root, SHELL_NAME, version), BUILD_FILES.pageLoader), 'utf8')
        .then((code) => {
          const trimmed = code.trim();
          if (/<\/script|<!--/i.test(trimmed)) return undefined;
          return { code: trimmed, hash: `sha256-${createHash('sha256').update(trimmed).digest('base64')}` };
        })
        .catch(() => undefined),
    );

  async function warm(reg: RemoteRegistry): Promise<string[]> {
    const failed: string[] = [];
    const shellVersion = reg.shell?.version;
    if (!shellVersion || !isVersionName(shellVersion)) return ['shell (none live)'];
    // A build without a server bundle renders in the browser by design; one that fails to load is a fault.
    if (!(await isFile(serverFile(SHELL_NAME, shellVersion)))) return failed;
    const server = await shell(shellVersion);
    if (!server) return [`shell ${shellVersion}`];
    for (const [name, entry] of Object.entries(reg.remotes)) {
      if (!entry || !isVersionName(entry.version)) continue;
      if (!(await isFile(serverFile(name, entry.version)))) continue;
      if (!(await remote(shellVersion, server, name, entry.version))) failed.push(`${name} ${entry.version}`);
    }
    return failed;
  }

  return { serverFile, shell, remote, pageLoader, warm };
}
