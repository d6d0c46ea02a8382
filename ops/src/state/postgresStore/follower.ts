/**
 * The host's view of the PostgreSQL store: the registry and canaries kept in memory, followed through
 * LISTEN/NOTIFY on a dedicated connection, which also asks for the state's revision every probe (a dead
 * connection, a notification missed across a reconnect). While the database is away the host keeps
 * serving what it read last, says so (health()), and tries again with back-off.
 */
import pg from 'pg';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { parseRegistry } from '@storefront/contract/seam';
import { cleanCanaries } from '../canaryFile';
import { SCHEMA } from '../migrations';
import type { CanaryFile, LiveState, StateStore, StoreHealth } from '../types';
import { CHANNEL, CONNECT_TIMEOUT_MS } from './query';

type Follower = Pick<StateStore, 'live' | 'health' | 'onChange'> & { close(): Promise<void> };

/** The state row's live part, as one connection reads it. */
async function readLive(client: pg.Client): Promise<{ registry?: RemoteRegistry; canaries?: CanaryFile; revision: string }> {
  const { rows } = await client.query<{ registry: RemoteRegistry; canaries: CanaryFile; revision: string }>(
    `select registry, canaries, revision::text as revision from ${SCHEMA}.state where id = 1`,
  );
  return rows[0] ?? { revision: '0' };
}

/** The store's health once the connection is lost: since when, and what the host still serves. */
function unreachable(was: StoreHealth, err: unknown): StoreHealth {
  return {
    kind: 'postgres',
    up: false,
    syncedAt: was.syncedAt,
    detail: `unreachable since ${new Date().toISOString()} (${(err as Error).message}); serving the state read at ${was.syncedAt ?? 'never'}`,
  };
}

class PgFollower implements Follower {
  private readonly listeners: (() => void)[] = [];
  private current: (LiveState & { revision: string }) | null = null;
  private state: StoreHealth = { kind: 'postgres', up: false, syncedAt: null, detail: 'not connected yet' };
  private following: Promise<void> | null = null;
  /** The connection followed now (LISTEN and probes); null while there is none. */
  private listener: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private probe: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly migrated: () => Promise<void>,
    private readonly probeMs: number,
    private readonly log: (line: string) => void,
  ) {}

  private async load(client: pg.Client): Promise<void> {
    const row = await readLive(client);
    // An answer that arrives after this connection was given up on says nothing about the store now.
    if (client !== this.listener) return;
    this.state = { kind: 'postgres', up: true, syncedAt: new Date().toISOString() };
    if (this.current && this.current.revision === row.revision) return;
    this.current = { registry: parseRegistry(row.registry), canaries: cleanCanaries(row.canaries), readable: true, revision: row.revision };
    for (const l of this.listeners) l();
  }

  private lost(err: unknown): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    const old = this.listener;
    this.listener = null;
    old?.end().catch(() => undefined);
    if (this.closed) return;
    if (this.state.up || !this.state.detail?.startsWith('unreachable')) {
      this.state = unreachable(this.state, err);
      this.log(`[ops] state store: PostgreSQL ${this.state.detail}`);
    }
    this.retry = setTimeout(() => void this.connect(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5000);
  }

  /** Asks for the revision every probeMs: a connection dead without a word, a notification missed. */
  private startProbe(client: pg.Client): void {
    let probing = false;
    this.probe = setInterval(() => {
      if (probing || this.listener !== client) return;
      probing = true;
      const timer = setTimeout(() => {
        if (this.listener === client) this.lost(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`));
      }, CONNECT_TIMEOUT_MS);
      this.load(client)
        .catch((err: unknown) => {
          if (this.listener === client) this.lost(err);
        })
        .finally(() => {
          clearTimeout(timer);
          probing = false;
        });
    }, this.probeMs);
    this.probe.unref();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on('error', (err) => {
      if (this.listener === client) this.lost(err);
    });
    client.on('end', () => {
      if (this.listener === client) this.lost(new Error('connection ended'));
    });
    let followed = false;
    try {
      await client.connect();
      await this.migrated();
      this.listener = client;
      followed = true;
      client.on('notification', () => void this.load(client).catch((err: unknown) => this.lost(err)));
      await client.query(`listen ${CHANNEL}`);
      const wasDown = this.state.syncedAt !== null;
      await this.load(client);
      if (wasDown) this.log('[ops] state store: PostgreSQL answers again; state re-read');
      this.retryMs = 250;
      this.startProbe(client);
    } catch (err) {
      // Once this connection was being followed, its 'error'/'end' may have given up on it already
      // (listener is then no longer it): give up only once, so only one retry is scheduled.
      if (followed && this.listener !== client) return;
      if (followed) return this.lost(err);
      await client.end().catch(() => undefined);
      this.lost(err);
    }
  }

  async live(): Promise<LiveState> {
    this.following ??= this.connect();
    if (!this.current) await this.following.catch(() => undefined);
    return this.current ?? { registry: parseRegistry(null), canaries: { schema: 1, canaries: {} }, readable: false };
  }

  health(): StoreHealth {
    return this.state;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.probe) clearInterval(this.probe);
    if (this.retry) clearTimeout(this.retry);
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
  }
}

/** The live view (started by the first live()), as the store's methods. */
export function pgFollower(url: string, migrated: () => Promise<void>, probeMs: number, log: (line: string) => void): Follower {
  const f = new PgFollower(url, migrated, probeMs, log);
  return { live: () => f.live(), health: () => f.health(), onChange: (l) => f.onChange(l), close: () => f.close() };
}
