/**
 * The state store in PostgreSQL (OPS_DATABASE_URL): several host machines, each with its own deploy root
 * for the immutable version folders, share one registry, one set of canaries, one history, one telemetry
 * store, one rate limit and one automatic-rollback decision. Schema `storefront_ops` (migrations.ts),
 * which may live in the API's database or one of its own. Each concern in postgresStore/: changes (one
 * transaction each), the host's live view (LISTEN/NOTIFY), telemetry, limits, heartbeats.
 */
import pg from 'pg';
import type { HistoryRecord } from './history';
import { stateFrom, type OpsState } from './opsState';
import { cleanCanaries } from './canaryFile';
import { migrateOps, SCHEMA } from './migrations';
import { pgChange } from './postgresStore/changes';
import { pgFollower } from './postgresStore/follower';
import { pgHeartbeats } from './postgresStore/heartbeats';
import { pgLimits } from './postgresStore/limits';
import { CONNECT_TIMEOUT_MS, type Query } from './postgresStore/query';
import { pgTelemetry } from './postgresStore/telemetry';
import type { CanaryFile, StateStore } from './types';

export { CHANNEL } from './postgresStore/query';
/** How often the listening connection checks it is alive and nothing was missed (OPS_STATE_CHECK_SECONDS). */
export const DEFAULT_PROBE_MS = 1000;

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
  const q: Query = async (text, values = []) => {
    await migrated();
    return pool.query(text, values);
  };
  const follower = pgFollower(url, migrated, opts.probeMs ?? DEFAULT_PROBE_MS, opts.log ?? (() => undefined));

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
    change: pgChange(pool, migrated),
    live: follower.live,
    health: follower.health,
    onChange: follower.onChange,
    ...pgTelemetry(q),
    countHit: pgLimits(q),
    ...pgHeartbeats(q),
    async close() {
      await follower.close();
      await pool.end().catch(() => undefined);
    },
  };
}
