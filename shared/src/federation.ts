/**
 * The one list of Module Federation shared singletons. Every rspack config (shell and remotes) imports
 * it, so react, the router, MobX and `@storefront/shared` exist once in the browser: one React tree,
 * one RootStore, one API client. `requiredVersion` comes from the importing package's own manifest so
 * the built `mf-manifest.json` records real ranges (never `workspace:*`).
 */
export const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  'react-toastify',
  'axios',
  '@storefront/shared',
] as const;

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
export function sharedSingletons(
  deps: Record<string, string>,
  sharedVersion: string,
): Record<string, SharedConfigEntry> {
  const out: Record<string, SharedConfigEntry> = {};
  for (const name of SINGLETON_PACKAGES) {
    const pkg = packageOf(name);
    const range = pkg === '@storefront/shared' ? `^${sharedVersion}` : deps[pkg];
    if (!range) throw new Error(`federation: ${pkg} must be a dependency to be shared as a singleton`);
    out[name] = { singleton: true, requiredVersion: range };
  }
  return out;
}
