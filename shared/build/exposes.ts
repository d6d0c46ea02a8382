/**
 * A remote's Module Federation `exposes`, checked against the contract: the shell loads the modules
 * `EXPOSED_MODULES` names (@storefront/contract), so a remote that exposes one more, one less or one
 * under another name breaks a page only at run time. Here it breaks the remote's typecheck (the file map
 * is typed by the contract's names) and its build (the same comparison at run time, for a config loaded
 * without a typecheck).
 */
import { EXPOSED_MODULES, type ExposedModule, type RemoteName } from '@storefront/contract';

/** Module Federation's exposes entry: the expose key `./<name>` → the file and the chunk name. */
export type Exposes = Record<string, { import: string; name: string }>;

/** `files` maps each module the contract names for `remote` to its source file (relative to the remote). */
export function exposedModules<R extends RemoteName>(remote: R, files: Record<ExposedModule<R>, string>): Exposes {
  const named: readonly string[] = EXPOSED_MODULES[remote];
  const given = Object.keys(files);
  const missing = named.filter((n) => !given.includes(n));
  const extra = given.filter((n) => !named.includes(n));
  if (missing.length || extra.length) {
    const parts = [
      missing.length ? `the contract names ${missing.join(', ')} but the config has no file for it` : '',
      extra.length ? `the config exposes ${extra.join(', ')} which the contract does not name` : '',
    ].filter(Boolean);
    throw new Error(`${remote}: exposes do not match EXPOSED_MODULES in @storefront/contract: ${parts.join('; ')}.`);
  }
  return Object.fromEntries(Object.entries<string>(files).map(([name, file]) => [`./${name}`, { import: file, name }]));
}
