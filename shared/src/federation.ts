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
  'react-dom/client',
  'react/jsx-runtime',
  // React's API is served by Preact's compatibility layer (REACT_ALIASES): the names above resolve to
  // it, and Preact's own modules, which that layer imports by these names, are shared once too.
  'preact',
  'preact/hooks',
  'preact/compat',
  'preact/jsx-runtime',
  'preact/compat/jsx-runtime',
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

/**
 * React's names, as the browser and server builds resolve them: to Preact's compatibility layer. The
 * sections are written against React's API (and typed by @types from react); Preact renders them in
 * about a sixth of react-dom's script (issue 19: 11 KB gzip against 65 KB) and hydrates in less time.
 */
export const REACT_ALIASES: Record<string, string> = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react-dom/server$': 'preact/compat/server',
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

export type SingletonPackage = (typeof SINGLETON_PACKAGES)[number];

export interface SharedConfigEntry {
  singleton: true;
  requiredVersion: string;
  /** The version provided, where the module's own manifest has none (Preact's compat layer under React's names). */
  version?: string;
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
 * @param preactVersion the installed Preact's version: React's names are shared as that version of
 *   Preact's compat layer, and required in the range of the package's `preact` dependency
 */
export function sharedSingletons(
  deps: Record<string, string>,
  sharedVersion: string,
  preactVersion: string,
): Record<string, SharedConfigEntry> {
  const out: Record<string, SharedConfigEntry> = {};
  for (const name of SINGLETON_PACKAGES) {
    const pkg = packageOf(name);
    const reactName = pkg === 'react' || pkg === 'react-dom';
    const range = pkg === '@storefront/shared' ? `^${sharedVersion}` : deps[reactName ? 'preact' : pkg];
    if (!range) throw new Error(`federation: ${reactName ? 'preact' : pkg} must be a dependency to be shared as a singleton`);
    out[name] = { singleton: true, requiredVersion: range, ...(reactName || pkg === 'preact' ? { version: preactVersion } : {}) };
  }
  return out;
}
