/**
 * GET /healthz: the process is alive and serving (a load balancer's liveness probe).
 * GET /readyz: ready for shoppers — an API process is ready (its own /readyz: it and its database
 * answer), the registry is readable with a live shell, and the live shell's and remotes' server builds
 * are loaded (when pages are rendered on the server). 503 with the failing checks otherwise, and while shutting down.
 * `checks.state` says where the registry comes from and, on the shared store, whether it is current.
 */
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../context';
import { NO_STORE } from '../paths';

interface Check {
  ok: boolean;
  detail?: string;
}

export async function healthPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  const { config } = ctx;

  async function apiCheck(): Promise<Check> {
    if (config.only) return { ok: true, detail: 'files only' };
    if (!config.upstreams.length) return { ok: false, detail: 'no API configured (--api / API_URL)' };
    const answers = await Promise.all(
      config.upstreams.map(async (origin) => {
        try {
          const res = await fetch(`${origin}${config.apiBasePath}/readyz`, { signal: AbortSignal.timeout(2000) });
          await res.arrayBuffer();
          return res.status < 500 ? null : `${origin}: ${res.status}`;
        } catch (err) {
          const cause = (err as { cause?: { code?: string } }).cause;
          return `${origin}: ${cause?.code ?? (err as Error).message}`;
        }
      }),
    );
    const down = answers.filter((a): a is string => a !== null);
    // One process answering is enough to serve; the others are reported.
    return { ok: down.length < config.upstreams.length, ...(down.length ? { detail: `not answering: ${down.join(', ')}` } : {}) };
  }

  async function registryCheck(): Promise<Check> {
    if (config.only) return { ok: true };
    const snap = await ctx.registry.read();
    if (!snap.readable) return { ok: false, detail: 'remotes.json missing or unreadable' };
    if (!snap.reg.shell) return { ok: false, detail: 'no shell version is live' };
    return { ok: true };
  }

  /**
   * The state store. Away (PostgreSQL restarting, a network cut): the host keeps serving the registry and
   * canaries it read last, so it stays ready — a balancer taking every host out would turn a store outage
   * into a shop outage — and says so here (`stale`), as /metrics does (host_state_store_up).
   */
  function stateCheck(): Check & { stale?: boolean } {
    const h = ctx.store.health();
    if (h.kind === 'files') return { ok: true, detail: `files in ${config.root}` };
    if (h.up) return { ok: true, detail: `${ctx.store.where}, read ${h.syncedAt ?? ''}` };
    // Never read at all: there is nothing to serve (the registry check fails too).
    return { ok: h.syncedAt !== null, stale: true, detail: `${ctx.store.where}: ${h.detail ?? 'unreachable'}` };
  }

  async function buildsCheck(): Promise<Check> {
    if (!ctx.renderer) return { ok: true, detail: 'server rendering off' };
    const { reg } = await ctx.registry.read();
    const failed = await ctx.renderer.warm(reg);
    return failed.length ? { ok: false, detail: `not loaded: ${failed.join(', ')}` } : { ok: true };
  }

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    const [api, registry, builds] = await Promise.all([apiCheck(), registryCheck(), buildsCheck()]);
    const state = stateCheck();
    const ready = api.ok && registry.ok && builds.ok && state.ok;
    reply.code(ready ? 200 : 503).header('cache-control', NO_STORE);
    return { ready, checks: { api, registry, builds, state } };
  });
}
