/** The build's own rspack plugins (shared/build/rspackConfig.ts applies them): files the host and ops read, and the federation runtime's ES modules. */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BUILD_FILES } from '@storefront/contract/seam';

/** Writes build.json beside the bundle: what ops publishes and what the registry names. */
export class BuildInfoPlugin {
  constructor(private readonly info: Record<string, string>) {}
  apply(compiler: import('@rspack/core').Compiler): void {
    const { RawSource } = compiler.rspack.sources;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          compilation.emitAsset(
            BUILD_FILES.buildInfo,
            new RawSource(JSON.stringify({ ...this.info, builtAt: new Date().toISOString() }, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * Writes `ssr-assets.json` beside the bundle: the stylesheets and scripts of each named chunk group (the
 * entry, the shell's `bootstrap`, every exposed page). A page rendered on the server is only styled if
 * its stylesheets are linked in the HTML, and a personal page's loader preloads its start-up scripts;
 * the host reads them from here.
 */
export class SsrAssetsPlugin {
  apply(compiler: import('@rspack/core').Compiler): void {
    compiler.hooks.done.tap('SsrAssetsPlugin', (stats) => {
      const json = stats.toJson({ all: false, chunkGroups: true, chunkGroupAuxiliary: false, outputPath: true });
      const css: Record<string, string[]> = {};
      const js: Record<string, string[]> = {};
      for (const [name, group] of Object.entries(json.namedChunkGroups ?? {})) {
        const files = (group.assets ?? []).map((a) => a.name);
        const styles = files.filter((f) => f.endsWith('.css'));
        const scripts = files.filter((f) => f.endsWith('.js'));
        if (styles.length) css[name] = styles;
        if (scripts.length) js[name] = scripts;
      }
      if (json.outputPath) writeFileSync(path.join(json.outputPath, BUILD_FILES.ssrAssets), `${JSON.stringify({ css, js }, null, 2)}\n`);
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each text asset of a production build, at the best
 * compression (brotli 11, gzip 9), which the host serves as they are (ops/src/host/plugins/files.ts):
 * made once here instead of on every request. Source maps are never served, so never compressed.
 * Written with node:zlib rather than compression-webpack-plugin: this file has no dependencies of its
 * own (the section passes its build tools in), and the whole job is the dozen lines below.
 */
export class PrecompressPlugin {
  apply(compiler: import('@rspack/core').Compiler): void {
    const { RawSource } = compiler.rspack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const jobs = compilation
            .getAssets()
            .filter(
              (a) =>
                /\.(js|mjs|css|json|svg|txt|xml|webmanifest)$/.test(a.name) &&
                a.name !== BUILD_FILES.buildInfo &&
                !a.name.startsWith(`${BUILD_FILES.serverDir}/`),
            )
            .map(async (a) => {
              const raw = a.source.buffer();
              if (raw.length < 1024) return;
              const [br, gz] = await Promise.all([
                brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
                gzip(raw, { level: 9 }),
              ]);
              if (br.length < raw.length) compilation.emitAsset(`${a.name}.br`, new RawSource(br));
              if (gz.length < raw.length) compilation.emitAsset(`${a.name}.gz`, new RawSource(gz));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

/** A CommonJS file of Module Federation's browser runtime packages (each has an ES module twin beside it). */
const MF_RUNTIME_CJS =
  /[\\/]@module-federation[\\/](runtime|runtime-core|runtime-tools|webpack-bundler-runtime|sdk|error-codes|inject-external-runtime-core-plugin)[\\/]dist[\\/].+\.cjs$/;

/**
 * Bundles Module Federation's runtime from its ES module builds (issue 19). The federation plugin
 * imports its bundler runtime, and aliases `@module-federation/runtime`, by the paths Node's
 * `require.resolve` gives: the CommonJS builds, which `require` the CommonJS builds of sdk and
 * error-codes. CommonJS is not tree-shaken, so every remoteEntry.js and the shell's main.js carried
 * all of it, Node-only loaders included (~5 KB gzip per remote entry). Each of these packages ships
 * an ES module build beside every `.cjs` file; this points both the import and the alias at it.
 * Applied after the federation plugin, so its alias is set by then.
 */
export class FederationEsmRuntimePlugin {
  apply(compiler: import('@rspack/core').Compiler): void {
    // `x.cjs` → `x.mjs` or `x.js`, whichever is there (error-codes names its ES modules `.mjs`).
    const esm = (file: string) => ['.mjs', '.js'].map((ext) => file.replace(/\.cjs$/, ext)).find((twin) => existsSync(twin)) ?? file;
    new compiler.rspack.NormalModuleReplacementPlugin(MF_RUNTIME_CJS, (data: { request: string }) => {
      data.request = esm(data.request);
    }).apply(compiler);
    compiler.hooks.afterPlugins.tap('FederationEsmRuntimePlugin', () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [key, target] of Object.entries(alias)) {
        if (typeof target === 'string' && MF_RUNTIME_CJS.test(target)) alias[key] = esm(target);
      }
    });
  }
}
