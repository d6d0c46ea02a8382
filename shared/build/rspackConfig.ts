/**
 * The one rspack configuration shape for the shell and every remote, so each section builds alone
 * with the same rules: SWC for TS/TSX, CSS, a production build into `dist/<version>/` (two versions can
 * sit side by side), `mf-manifest.json`, and the shared singletons of `../src/federation.ts`.
 *
 * Build tools are passed in by the caller (the section's own `rspack.config.ts`): this file has no
 * dependency of its own, so `@storefront/shared` stays a runtime package.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { BUILD_FILES } from '@storefront/contract/seam';
import { BuildInfoPlugin, FederationEsmRuntimePlugin, PrecompressPlugin, SsrAssetsPlugin } from './plugins';
import { SERVER_SINGLETONS, sharedSingletons } from '../src/federation';

/** What a section's rspack.config.ts hands in. */
export interface SectionBuildOptions {
  /** The section's folder (pass `import.meta.dirname` / `__dirname`). */
  dir: string;
  /** Module Federation name: 'shell' | 'catalog' | 'cart_checkout' | 'account'. */
  name: string;
  kind: 'shell' | 'remote';
  /** exposed modules: expose key → { import, name (chunk name) } */
  exposes?: Record<string, { import: string; name: string }>;
  /** Dev server port for `pnpm dev`. */
  devPort: number;
  rspack: typeof import('@rspack/core');
  ModuleFederationPlugin: typeof import('@module-federation/enhanced/rspack').ModuleFederationPlugin;
  /** `@rspack/plugin-react-refresh`'s plugin: fast refresh under `rspack serve` (`pnpm dev`). */
  ReactRefreshPlugin?: new () => { apply(compiler: import('@rspack/core').Compiler): void };
  /** Extra dev-server settings (the shell serves config and registry in dev). */
  devServer?: Record<string, unknown>;
  /** Extra runtime plugins (file paths) for the federation runtime. */
  runtimePlugins?: string[];
  /**
   * The entry of the section's server build (issue 8: pages rendered on the server), e.g.
   * './src/server.ts'. Built in production only, into `dist/<version>/server/server.js`.
   */
  server?: string;
  /**
   * The shell's server-rendered page loader (issue 8), e.g. './src/startup/loader.ts': built alone,
   * without Module Federation, into `dist/<version>/ssr-loader.js`, which the host inlines.
   */
  loader?: string;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** `<package version>-<build id>`; the build id is shared by one `pnpm build` run through BUILD_ID. */
export function buildVersion(pkgVersion: string): string {
  const id =
    process.env.BUILD_ID ??
    new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
  return `${pkgVersion}-${id}`;
}

/**
 * The libraries every page of the shell runs on, in one chunk of their own instead of the dozen the
 * default splitting makes of them: each request costs a round trip on a phone's network (562.5 ms each
 * under slow 4G, six at a time over HTTP/1.1), and every page needs all of them anyway. Only in the shell,
 * which provides the singletons; a remote's copies are fallbacks that the shell's make unused.
 */
const FRAMEWORK_CHUNK = {
  name: 'framework',
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|mobx|mobx-react-lite|react-router|react-router-dom|use-sync-external-store)[\\/]/,
  chunks: 'async',
  enforce: true,
  priority: 40,
} as const;

function isProduction(env: { mode?: string }): boolean {
  return (env.mode ?? process.env.NODE_ENV) === 'production' || process.argv.includes('production');
}

const swcRule = (production: boolean, refresh: boolean) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production, refresh } },
      target: 'es2020',
    },
  },
  type: 'javascript/auto',
});

/**
 * The section's builds: the browser build, and in production its server build when it has one.
 * The server build waits for the browser build (which cleans the version folder first).
 */
export function createSectionConfigs(
  opts: SectionBuildOptions,
  env: { mode?: string } = {},
  browserExtra: Record<string, unknown> = {},
): import('@rspack/core').Configuration[] {
  const version = buildVersion(readJson<PackageJson>(path.join(opts.dir, 'package.json')).version);
  const client = { ...createSectionConfig(opts, env, version), ...browserExtra };
  if (!isProduction(env) || !opts.server) return [client];
  return [client, createServerConfig(opts, env, version), ...(opts.loader ? [createLoaderConfig(opts, version)] : [])];
}

/** A page loader: one small script with no framework and no federation runtime, inlined by the host. */
function createLoaderConfig(opts: SectionBuildOptions, version: string): import('@rspack/core').Configuration {
  return {
    name: `${opts.name}-loader`,
    dependencies: [opts.name],
    context: opts.dir,
    mode: 'production',
    target: ['web', 'es2020'],
    devtool: false,
    entry: { loader: opts.loader as string },
    output: { path: path.join(opts.dir, 'dist', version), filename: BUILD_FILES.pageLoader, clean: false, iife: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [swcRule(true, false)] },
    optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  } as import('@rspack/core').Configuration;
}

/**
 * The server build: Node, CommonJS, one file (`server/server.js`), no stylesheets (class names only).
 * A remote's server build leaves the shared singletons out (`require`d from the host, which hands it
 * the shell's); the shell's bundles everything it renders with and exports those singletons.
 */
export function createServerConfig(
  opts: SectionBuildOptions,
  env: { mode?: string } = {},
  version?: string,
): import('@rspack/core').Configuration {
  const production = isProduction(env);
  const pkg = readJson<PackageJson>(path.join(opts.dir, 'package.json'));
  const v = version ?? buildVersion(pkg.version);
  if (!opts.server) throw new Error(`${opts.name} has no server entry`);
  const singletons = new Set<string>(SERVER_SINGLETONS);
  return {
    name: `${opts.name}-server`,
    dependencies: [opts.name],
    context: opts.dir,
    mode: production ? 'production' : 'development',
    target: 'node20',
    devtool: false,
    entry: { server: opts.server },
    output: {
      path: path.join(opts.dir, 'dist', v, BUILD_FILES.serverDir),
      filename: BUILD_FILES.serverFile,
      library: { type: 'commonjs2' },
      // Lazy pages and on-demand libraries are all in the one file: a render never waits for a chunk.
      asyncChunks: false,
      clean: false,
    },
    externalsType: 'commonjs',
    // A remote leaves React's names out (the host hands it the shell's); what it keeps resolves as the
    // browser build does.
    externals:
      opts.kind === 'remote'
        ? [
            ({ request }: { request?: string }, cb: (err?: Error | null, result?: string) => void) =>
              request && singletons.has(request) ? cb(null, `commonjs ${request}`) : cb(),
          ]
        : [],
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    experiments: { css: true },
    module: {
      generator: { 'css/auto': { exportsOnly: true } },
      rules: [
        swcRule(production, false),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  } as import('@rspack/core').Configuration;
}

/** The section's Module Federation plugin: its exposes (a remote) and the shared singletons. */
function federationPlugin(opts: SectionBuildOptions, isShell: boolean, production: boolean) {
  const pkg = readJson<PackageJson>(path.join(opts.dir, 'package.json'));
  const sharedPkg = readJson<PackageJson>(path.join(import.meta.dirname ?? __dirname, '..', 'package.json'));
  return new opts.ModuleFederationPlugin({
    name: opts.name,
    ...(isShell ? { remotes: {} } : { filename: BUILD_FILES.remoteEntry, exposes: opts.exposes ?? {} }),
    shared: sharedSingletons(pkg.dependencies ?? {}, sharedPkg.version),
    shareStrategy: 'loaded-first',
    manifest: true,
    dts: false,
    experiments: {
      // Browser only: leaves the runtime's Node loading paths out of the bundle.
      optimization: { target: 'web' },
      // One MF runtime in the page: the shell provides its runtime core and production remotes
      // use it instead of carrying their own copy in every remoteEntry.js. A remote's dev
      // server keeps its own, so it still runs standalone.
      ...(isShell ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
    },
    ...(opts.runtimePlugins ? { runtimePlugins: opts.runtimePlugins } : {}),
  });
}

export function createSectionConfig(
  opts: SectionBuildOptions,
  env: { mode?: string } = {},
  fixedVersion?: string,
): import('@rspack/core').Configuration {
  const { rspack } = opts;
  const production = isProduction(env);
  const pkg = readJson<PackageJson>(path.join(opts.dir, 'package.json'));
  const version = fixedVersion ?? buildVersion(pkg.version);
  const isShell = opts.kind === 'shell';
  // Only under the dev server: a development build without hot updates has nothing to refresh with.
  const refresh = !production && !!opts.ReactRefreshPlugin && process.argv.includes('serve');
  const outDir = production ? path.join(opts.dir, 'dist', version) : path.join(opts.dir, 'dist', 'dev');
  const htmlTemplate = path.join(opts.dir, 'src', 'index.html');
  // Files served as they are, at the build folder's root (the shell's favicon.ico, served by the host at /favicon.ico).
  const publicDir = path.join(opts.dir, 'public');

  return {
    name: opts.name,
    context: opts.dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: outDir,
      // The shell's index.html is served at '/', so its assets need an absolute versioned path;
      // remotes use 'auto' so the same build works from any folder or origin.
      publicPath: isShell ? (production ? `/shell/${version}/` : '/') : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: opts.name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    experiments: { css: true },
    module: {
      rules: [
        // Fast refresh in `rspack serve`: an edited component updates in place and keeps its state.
        swcRule(production, refresh),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      federationPlugin(opts, isShell, production),
      new FederationEsmRuntimePlugin(),
      ...(refresh && opts.ReactRefreshPlugin ? [new opts.ReactRefreshPlugin()] : []),
      ...(existsSync(htmlTemplate)
        ? [
            new rspack.HtmlRspackPlugin({
              template: htmlTemplate,
              inject: 'body',
              scriptLoading: 'defer',
              // Not minified: the host finds the server-render outlet by its comments (ops/src/ssr.ts).
              minify: false,
            }),
          ]
        : []),
      ...(existsSync(publicDir) ? [new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir }] })] : []),
      ...(production ? [new SsrAssetsPlugin(), new PrecompressPlugin()] : []),
      new BuildInfoPlugin({
        name: opts.name,
        package: pkg.name,
        version,
        packageVersion: pkg.version,
        buildId: version.slice(pkg.version.length + 1),
        kind: opts.kind,
      }),
    ],
    optimization: {
      minimize: production,
      ...(isShell && production ? { splitChunks: { cacheGroups: { framework: FRAMEWORK_CHUNK } } } : {}),
    },
    performance: { hints: false },
    devServer: {
      port: opts.devPort,
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: isShell,
      headers: { 'Access-Control-Allow-Origin': '*' },
      ...(opts.devServer ?? {}),
    },
  } as import('@rspack/core').Configuration;
}
