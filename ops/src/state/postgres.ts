/**
 * The state store in PostgreSQL (OPS_DATABASE_URL): several host machines, each with its own deploy root
 * for the immutable version folders, share one registry, one set of canaries, one history, one telemetry
 * store, one rate limit and one automatic-rollback decision. Schema `storefront_ops` (migrations.ts),
 * which may live in the API's database or one of its own.
 *
 * - A change (activate, rollback, promote, a canary's start, change or end) is one transaction: the state
 *   row is locked (`for update`), edited, written back with its history lines, and `NOTIFY`ed; a second
 *   change waits for the first and sees what it did. A process killed in the middle leaves nothing: the
 *   server rolls its transaction back when the connection drops.
 * - Hosts keep the live state (registry and canaries) in memory and `LISTEN`: a committed change reaches
 *   every host within a round trip. A dedicated connection also asks for the state's revision every
 *   second (OPS_STATE_CHECK_SECONDS), which notices a silently dead connection and any notification
 *   missed across a reconnect.
 *   While the database is away the host keeps serving what it read last, says so (health()), and tries
 *   again with back-off; the first answer re-reads everything.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import type { HistoryRecord } from './history';
import { registryFromState, stateFrom, type OpsState } from './opsState';
import { runChange } from './change';
import { cleanCanaries } from './files';
import { inTransaction, migrateOps, SCHEMA } from './migrations';
import type { CanaryFile, HostSeen, LiveState, StateStore, StoreHealth, TelemetryLine } from './types';

export const CHANNEL = 'storefront_ops_changed';
/** How often the listening connection checks it is alive and nothing was missed (OPS_STATE_CHECK_SECONDS). */
export const DEFAULT_PROBE_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;

export function isPostgresUrl(url: string | undefined | null): boolean {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without its password (what operators are shown). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export function postgresStore(url: string, opts: { log?: (line: string) => void; probeMs?: number } = {}): StateStore {
  const log = opts.log ?? (() => undefined);
  const probeMs = opts.probeMs ?? DEFAULT_PROBE_MS;
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // A connection the server ends emits 'error'; unhandled, it would end the process. The query on it fails.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let ready: Promise<void> | null = null;
  const migrated = () => {
    ready ??= migrateOps(pool).then(
      () => undefined,
      (err: unknown) => {
        ready = null;
        throw err;
      },
    );
    return ready;
  };
  const q = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    await migrated();
    return pool.query<R>(text, values);
  };

  // The host's view, followed through LISTEN/NOTIFY (started by the first live()).
  const listeners: (() => void)[] = [];
  let current: (LiveState & { revision: string }) | null = null;
  let health: StoreHealth = { kind: 'postgres', up: false, syncedAt: null, detail: 'not connected yet' };
  let following: Promise<void> | null = null;
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let probe: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  async function load(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ registry: RemoteRegistry; canaries: CanaryFile; revision: string }>(
      `select registry, canaries, revision::text as revision from ${SCHEMA}.state where id = 1`,
    );
    // An answer that arrives after this connection was given up on says nothing about the store now.
    if (client !== listener) return;
    const row = rows[0];
    const revision = row?.revision ?? '0';
    health = { kind: 'postgres', up: true, syncedAt: new Date().toISOString() };
    if (current && current.revision === revision) return;
    const registry = row?.registry ?? { shell: null, remotes: {} };
    current = {
      registry: { shell: registry.shell ?? null, remotes: registry.remotes ?? {} },
      canaries: cleanCanaries(row?.canaries),
      readable: true,
      revision,
    };
    for (const l of listeners) l();
  }

  function lost(err: unknown): void {
    if (probe) clearInterval(probe);
    probe = null;
    const old = listener;
    listener = null;
    old?.end().catch(() => undefined);
    if (closed) return;
    if (health.up || !health.detail?.startsWith('unreachable')) {
      health = {
        kind: 'postgres',
        up: false,
        syncedAt: health.syncedAt,
        detail: `unreachable since ${new Date().toISOString()} (${(err as Error).message}); serving the state read at ${health.syncedAt ?? 'never'}`,
      };
      log(`[ops] state store: PostgreSQL ${health.detail}`);
    }
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 5000);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on('error', (err) => {
      if (listener === client) lost(err);
    });
    client.on('end', () => {
      if (listener === client) lost(new Error('connection ended'));
    });
    let followed = false;
    try {
      await client.connect();
      await migrated();
      listener = client;
      followed = true;
      client.on('notification', () => void load(client).catch((err: unknown) => lost(err)));
      await client.query(`listen ${CHANNEL}`);
      const wasDown = health.syncedAt !== null;
      await load(client);
      if (wasDown) log('[ops] state store: PostgreSQL answers again; state re-read');
      retryMs = 250;
      let probing = false;
      probe = setInterval(() => {
        if (probing || listener !== client) return;
        probing = true;
        const timer = setTimeout(() => {
          if (listener === client) lost(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`));
        }, CONNECT_TIMEOUT_MS);
        load(client)
          .catch((err: unknown) => {
            if (listener === client) lost(err);
          })
          .finally(() => {
            clearTimeout(timer);
            probing = false;
          });
      }, probeMs);
      probe.unref();
    } catch (err) {
      // Once this connection was being followed, its 'error'/'end' may have given up on it already
      // (listener is then no longer it): give up only once, so only one retry is scheduled.
      if (followed && listener !== client) return;
      if (followed) return lost(err);
      await client.end().catch(() => undefined);
      lost(err);
    }
  }

  function follow(): Promise<void> {
    following ??= connect();
    return following;
  }

  return {
    kind: 'postgres',
    where: redactUrl(url),

    async readState() {
      const { rows } = await q<{ state: OpsState }>(`select state from ${SCHEMA}.state where id = 1`);
      return stateFrom(rows[0]?.state);
    },
    async readCanaries() {
      const { rows } = await q<{ canaries: CanaryFile }>(`select canaries from ${SCHEMA}.state where id = 1`);
      return cleanCanaries(rows[0]?.canaries);
    },
    async readHistory() {
      const { rows } = await q<{ record: HistoryRecord }>(`select record from ${SCHEMA}.history order by id`);
      return rows.map((r) => r.record);
    },

    async change(fn) {
      await migrated();
      return inTransaction(pool, async (client) => {
        // The row lock serialises changes from every process: the next one reads what this one wrote.
        const { rows } = await client.query<{ state: OpsState; canaries: CanaryFile }>(
          `select state, canaries from ${SCHEMA}.state where id = 1 for update`,
        );
        const state = stateFrom(rows[0]?.state);
        const canaries = cleanCanaries(rows[0]?.canaries);
        const run = await runChange(state, canaries, fn);
        const changed = run.stateChanged || run.canariesChanged;
        const lines = run.lines;
        if (changed) {
          state.updatedAt = new Date().toISOString();
          await client.query(
            `update ${SCHEMA}.state set state = $1::jsonb, canaries = $2::jsonb, registry = $3::jsonb, revision = revision + 1, updated_at = now() where id = 1`,
            [JSON.stringify(state), JSON.stringify(canaries), JSON.stringify(registryFromState(state))],
          );
        }
        if (lines.length)
          await client.query(
            `insert into ${SCHEMA}.history (at, record) select (r->>'at')::timestamptz, r from jsonb_array_elements($1::jsonb) with ordinality as t(r, n) order by n`,
            [JSON.stringify(lines)],
          );
        // Delivered at commit to every listening host, and not at all if the transaction rolls back.
        if (changed) await client.query(`notify ${CHANNEL}`);
        return run.result;
      });
    },

    async live() {
      void follow();
      if (!current) await following?.catch(() => undefined);
      return current ?? { registry: { shell: null, remotes: {} }, canaries: { schema: 1, canaries: {} }, readable: false };
    },
    health: () => health,
    onChange(l) {
      listeners.push(l);
    },

    async addTelemetry(lines) {
      if (!lines.length) return;
      await q(
        `insert into ${SCHEMA}.telemetry (minute, remote, version, line)
         select (l->>'m')::int, l->>'r', l->>'v', l from jsonb_array_elements($1::jsonb) l`,
        [JSON.stringify(lines)],
      );
    },
    async readTelemetry(fromMinute, toMinute) {
      const { rows } = await q<{ line: TelemetryLine }>(`select line from ${SCHEMA}.telemetry where minute between $1 and $2`, [
        fromMinute,
        toMinute,
      ]);
      return rows.map((r) => r.line);
    },
    async pruneTelemetry(beforeMinute) {
      await q(`delete from ${SCHEMA}.telemetry where minute < $1`, [beforeMinute]);
    },
    async reporterKey() {
      const made = randomBytes(32).toString('hex');
      await q(`insert into ${SCHEMA}.settings (name, value) values ('reporter_key', $1) on conflict (name) do nothing`, [made]);
      const { rows } = await q<{ value: string }>(`select value from ${SCHEMA}.settings where name = 'reporter_key'`);
      return Buffer.from(rows[0]?.value ?? made, 'hex');
    },

    async countHit(windowMs, windowNumber, key, hit) {
      if (!hit) {
        const { rows } = await q<{ hits: number }>(
          `select hits from ${SCHEMA}.limits where window_ms = $1 and window_no = $2 and key = $3`,
          [windowMs, windowNumber, key],
        );
        return rows[0]?.hits ?? 0;
      }
      // One statement: concurrent hits from every host are serialised on the row, none is lost.
      const { rows } = await q<{ hits: number }>(
        `insert into ${SCHEMA}.limits (window_ms, window_no, key, hits) values ($1, $2, $3, 1)
         on conflict (window_ms, window_no, key) do update set hits = ${SCHEMA}.limits.hits + 1
         returning hits`,
        [windowMs, windowNumber, key],
      );
      if (Math.random() < 0.01)
        void q(`delete from ${SCHEMA}.limits where window_ms = $1 and window_no < $2`, [windowMs, windowNumber - 1]).catch(() => undefined);
      return rows[0]?.hits ?? 1;
    },

    async reportHost(r) {
      await q(
        `insert into ${SCHEMA}.hosts (id, hostname, pid, root, versions, seen_at) values ($1, $2, $3, $4, $5::jsonb, now())
         on conflict (id) do update set versions = excluded.versions, seen_at = now()`,
        [r.id, r.hostname, r.pid, r.root, JSON.stringify(r.versions)],
      );
      // Hosts that stopped without a word (killed, a machine gone) are forgotten after a day.
      if (Math.random() < 0.01) await q(`delete from ${SCHEMA}.hosts where seen_at < now() - interval '1 day'`);
    },
    async hosts(withinMs) {
      const { rows } = await q<{
        id: string;
        hostname: string;
        pid: number;
        root: string;
        versions: Record<string, string[]>;
        seen_at: Date;
      }>(
        `select id, hostname, pid, root, versions, seen_at from ${SCHEMA}.hosts where seen_at > now() - make_interval(secs => $1) order by hostname, pid`,
        [withinMs / 1000],
      );
      return rows.map((r): HostSeen => ({
        id: r.id,
        hostname: r.hostname,
        pid: r.pid,
        root: r.root,
        versions: r.versions,
        seenAt: r.seen_at.toISOString(),
      }));
    },
    async forgetHost(id) {
      await q(`delete from ${SCHEMA}.hosts where id = $1`, [id]);
    },

    async close() {
      closed = true;
      if (probe) clearInterval(probe);
      if (retry) clearTimeout(retry);
      const l = listener;
      listener = null;
      await l?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
