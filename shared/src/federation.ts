/**
 * The one list of Module Federation shared singletons. Every rspack config (shell and remotes) imports
 * it, so react, the router, MobX and `@storefront/shared` exist once in the browser: one React tree,
 * one RootStore, one API client. `requiredVersion` comes from the importing package's own manifest so
 * the built `mf-manifest.json` records real ranges (never `workspace:*`). Libraries only shared/ itself
 * uses (react-toastify, yup) are not listed: they are bundled inside it, tree-shaken, once.
 * `@storefront/contract` is not listed either: plain constants, pure builders and types, no state — the
 * remotes take it through shared's re-exports (one copy, inside the singleton) and the shell bundles the
 * few parts it imports itself (the route table); two copies of a constant cannot disagree.
 */
export const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  // The reconciler (~60 KB gzip): the `react-dom` key does not cover this deep import.
  'react-dom/client',
  'react/jsx-runtime',
  'mobx',
  'mobx-react-lite',
  '@storefront/shared',
  // The router comes only through this facade, so react-router-dom is tree-shaken inside it instead
  // of being shared whole (see src/router.ts).
  '@storefront/shared/router',
  // Forms' schemas and yup: shared once, but loaded only by the chunks that hold a form.
  '@storefront/shared/validation',
] as const;

/**
 * The singletons as a server render needs them (issue 8): a remote's server build leaves these out
 * and the host hands it the shell's copies (shell/src/server/render.tsx exports them by these names).
 */
export const SERVER_SINGLETONS: readonly string[] = SINGLETON_PACKAGES.filter((name) => name !== 'react-dom/client');

export type SingletonPackage = (typeof SINGLETON_PACKAGES)[number];

export interface SharedConfigEntry {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
  strictVersion?: boolean;
}

/** The package a deep import belongs to: 'react-dom/client' → 'react-dom'. */
function packageOf(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? name);
}

/**
 * Builds the `shared` option of `ModuleFederationPlugin`.
 * @param deps the `dependencies` of the importing package.json
 * @param sharedVersion the version of `@storefront/shared` (its package.json version)
 */
export function sharedSingletons(deps: Record<string, string>, sharedVersion: string): Record<string, SharedConfigEntry> {
  const out: Record<string, SharedConfigEntry> = {};
  for (const name of SINGLETON_PACKAGES) {
    const pkg = packageOf(name);
    const range = pkg === '@storefront/shared' ? `^${sharedVersion}` : deps[pkg];
    if (!range) throw new Error(`federation: ${pkg} must be a dependency to be shared as a singleton`);
    out[name] = { singleton: true, requiredVersion: range };
  }
  return out;
}
