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
import { sharedSingletons } from '../src/federation';

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
  ReactRefreshPlugin?: new (opts?: object) => unknown;
  /** Extra dev-server settings (the shell serves config and registry in dev). */
  devServer?: Record<string, unknown>;
  /** Extra runtime plugins (file paths) for the federation runtime. */
  runtimePlugins?: string[];
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
    new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${pkgVersion}-${id}`;
}

/** Writes build.json beside the bundle: what ops publishes and what the registry names. */
class BuildInfoPlugin {
  constructor(private readonly info: Record<string, string>) {}
  apply(compiler: import('@rspack/core').Compiler): void {
    const { RawSource } = compiler.rspack.sources;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          compilation.emitAsset(
            'build.json',
            new RawSource(JSON.stringify({ ...this.info, builtAt: new Date().toISOString() }, null, 2)),
          );
        },
      );
    });
  }
}

export function createSectionConfig(opts: SectionBuildOptions, env: { mode?: string } = {}): import('@rspack/core').Configuration {
  const { rspack, ModuleFederationPlugin } = opts;
  const production = (env.mode ?? process.env.NODE_ENV) === 'production' || process.argv.includes('production');
  const pkg = readJson<PackageJson>(path.join(opts.dir, 'package.json'));
  const sharedPkg = readJson<PackageJson>(path.join(import.meta.dirname ?? __dirname, '..', 'package.json'));
  const version = buildVersion(pkg.version);
  const isShell = opts.kind === 'shell';
  const outDir = production ? path.join(opts.dir, 'dist', version) : path.join(opts.dir, 'dist', 'dev');
  const htmlTemplate = path.join(opts.dir, 'src', 'index.html');

  return {
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
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: !production && !!opts.ReactRefreshPlugin } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: opts.name,
        ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: opts.exposes ?? {} }),
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
      }),
      ...(existsSync(htmlTemplate)
        ? [new rspack.HtmlRspackPlugin({ template: htmlTemplate, inject: 'body', scriptLoading: 'defer' })]
        : []),
      new BuildInfoPlugin({
        name: opts.name,
        package: pkg.name,
        version,
        packageVersion: pkg.version,
        buildId: version.slice(pkg.version.length + 1),
        kind: opts.kind,
      }),
      ...(!production && opts.ReactRefreshPlugin ? [new opts.ReactRefreshPlugin()] : []),
    ],
    optimization: { minimize: production },
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
