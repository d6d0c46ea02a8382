/**
 * The host's side of the state store (ops/src/state):
 *
 * - /metrics: `host_state_store_up` (1 while the store answers; files: always) and
 *   `host_state_store_sync_age_seconds` (how old the registry and canaries this host serves are: stays
 *   near 0 while PostgreSQL answers, grows while it is away and the host serves what it read last).
 * - On the shared store, every HOST_REPORT_MS this host process reports which versions its own deploy
 *   root holds (a heartbeat): `ops activate` refuses a version some running host could not serve. It is
 *   forgotten when the host stops.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { HostContext } from '../context';
import { SECTIONS, sectionDir } from '../../state';
import { isVersionName } from '@storefront/contract/seam';

export const HOST_REPORT_MS = 5000;

/** The version folders of each section in a deploy root. */
export async function versionsIn(root: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const section of SECTIONS) {
    const names = await fs.readdir(sectionDir(root, section), { withFileTypes: true }).catch(() => []);
    out[section.name] = names
      .filter((d) => d.isDirectory() && isVersionName(d.name))
      .map((d) => d.name)
      .sort();
  }
  return out;
}

export const statePlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: HostContext }) => {
    const { store } = ctx;
    const reg = ctx.metrics.registry;
    new client.Gauge({
      name: 'host_state_store_up',
      help: 'The state store answers (1) or not (0): while 0 the host serves the registry and canaries it read last',
      labelNames: ['store'],
      registers: [reg],
      collect() {
        this.set({ store: store.kind }, store.health().up ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'host_state_store_sync_age_seconds',
      help: 'Age of the registry and canaries this host serves, from its last read of the state store',
      registers: [reg],
      collect() {
        const at = store.health().syncedAt;
        this.set(at ? Math.max(0, (Date.now() - Date.parse(at)) / 1000) : -1);
      },
    });
    // Start following the store now, so the first page does not wait for it.
    void store.live().catch(() => undefined);
    if (store.kind !== 'postgres' || ctx.config.only) return;

    const id = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const report = async () => {
      try {
        await store.reportHost({
          id,
          hostname: os.hostname(),
          pid: process.pid,
          root: ctx.config.root,
          versions: await versionsIn(ctx.config.root),
        });
      } catch {
        // The store is away: health() says so; the next beat tries again.
      }
    };
    const first = report();
    const timer = setInterval(() => void report(), HOST_REPORT_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await first;
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await store.forgetHost(id).catch(() => undefined);
    });
  },
  { name: 'host-state' },
);
