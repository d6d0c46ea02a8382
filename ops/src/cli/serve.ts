import { createHost } from '../host';
import { OpsError } from '../state';
import { str, type Command } from './command';

/**
 * The edge host (ops/src/host). Its settings beyond these flags come from the environment (STORE_URL,
 * API_URL, TRUSTED_PROXIES, …; see docs/operators.md). SIGTERM / SIGINT: stop taking connections,
 * finish the requests in flight (up to SHUTDOWN_TIMEOUT_MS), exit 0.
 */
export const serveCommand: Command = {
  usage: `  serve [--port <n>] [--host <h>] [--api <url>[,<url>…]] [--only <remote>] [--no-ssr] [--source-maps] [--quiet]
                                           the edge host (registry, config, files, /api proxy to one or
                                           more API processes, /healthz /readyz /metrics; public pages
                                           rendered on the server unless --no-ssr)`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    api: { type: 'string' },
    only: { type: 'string' },
    'no-ssr': { type: 'boolean' },
    'source-maps': { type: 'boolean' },
    quiet: { type: 'boolean' },
  },
  async run(args, ctx, { out }) {
    const only = str(args, 'only') ?? null;
    const port = Number(str(args, 'port') ?? (only ? '8181' : (process.env.PORT ?? '8080')));
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new OpsError(`bad --port ${str(args, 'port') ?? ''}`, 2);
    const hostName = str(args, 'host') ?? process.env.HOST ?? '127.0.0.1';
    const api = only ? null : (str(args, 'api') ?? process.env.API_URL ?? null);
    let host;
    try {
      host = createHost({
        root: ctx.root,
        ...(ctx.store ? { store: ctx.store } : {}),
        api,
        only,
        ssr: args.values['no-ssr'] !== true,
        ...(args.values['source-maps'] === true ? { sourceMaps: true } : {}),
        logger: args.values.quiet === true ? 'warn' : true,
      });
    } catch (e) {
      throw new OpsError((e as Error).message, 2);
    }
    const url = await host.listen(port, hostName);
    out(
      only
        ? `[ops] serving ${only} assets only (CORS on) from ${ctx.root} at ${url}`
        : `[ops] serving ${ctx.root} at ${url}${api ? `  (/api → ${api})` : '  (no --api: /api answers 502)'}` +
            (ctx.store?.kind === 'postgres' ? `  (state: ${ctx.store.where})` : ''),
    );
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      out(`[ops] ${signal}: finishing requests in flight, then closing the host`);
      host.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    return 0;
  },
};
