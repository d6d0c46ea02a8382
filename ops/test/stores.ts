/**
 * The state store under test, for suites that must hold on both (ops/src/state): `eachStore(name, suite)`
 * runs `suite` once on the deploy root's files and once on PostgreSQL.
 *
 * TEST_OPS_DATABASE_URL (else TEST_DATABASE_URL, as the API suite uses): a PostgreSQL URL whose role may
 * create databases. Each test file's PostgreSQL run gets a fresh database of its own, dropped at the end,
 * and every test starts from an empty schema; without a URL the PostgreSQL runs are skipped (said once).
 * While a PostgreSQL run is on, OPS_DATABASE_URL is set in this process (the in-process CLI reads it) and
 * `env` carries it to the host processes a test starts.
 */
import pg from 'pg';
import { fileStore, postgresStore, type StateStore } from '../src/state';
import { SCHEMA } from '../src/state/migrations';

export const TEST_OPS_PG_URL = process.env.TEST_OPS_DATABASE_URL || process.env.TEST_DATABASE_URL || null;

/** A connection to the test server's own database (to create, drop and disturb test databases). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>, url = TEST_OPS_PG_URL ?? ''): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database; its URL, its name and how to drop it. */
export async function freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `sf_ops_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(TEST_OPS_PG_URL ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      // An autovacuum worker of the superuser may still be in it (42501): it finishes in a moment.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin((c) => c.query(`drop database if exists ${name} with (force)`));
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== '42501' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}

export interface StoreKit {
  kind: 'files' | 'postgres';
  /** A store as one process would open it (each call: another process's view). */
  open(root: string): StateStore;
  /** What a CLI or host process needs in its environment to use this store. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL database's URL ('' on files). */
  url: string;
}

/** Empties the schema between tests (faster than a database per test; the migrations stay applied). */
async function emptySchema(url: string): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query<{ present: boolean }>(`select to_regclass('${SCHEMA}.state') is not null as present`);
    if (!rows[0]?.present) return;
    await c.query(`truncate ${SCHEMA}.history, ${SCHEMA}.telemetry, ${SCHEMA}.limits, ${SCHEMA}.hosts, ${SCHEMA}.settings`);
    await c.query(
      `update ${SCHEMA}.state set state = '{"schema":1,"updatedAt":null,"sections":{}}', registry = '{"shell":null,"remotes":{}}', canaries = '{"schema":1,"canaries":{}}', revision = revision + 1`,
    );
  }, url);
}

/** Runs `suite` on each store: files always, PostgreSQL when a test server is given. */
export function eachStore(name: string, suite: (kit: StoreKit) => void): void {
  describe(`${name} (files)`, () => {
    suite({ kind: 'files', open: (root) => fileStore(root), env: { OPS_DATABASE_URL: '' }, url: '' });
  });
  const pgDescribe = TEST_OPS_PG_URL ? describe : describe.skip;
  pgDescribe(`${name} (PostgreSQL)`, () => {
    const opened: StateStore[] = [];
    const kit: StoreKit = {
      kind: 'postgres',
      url: '',
      env: {},
      open(root) {
        void root;
        const s = postgresStore(kit.url);
        opened.push(s);
        return s;
      },
    };
    let db: Awaited<ReturnType<typeof freshDatabase>> | null = null;
    const saved = process.env.OPS_DATABASE_URL;
    beforeAll(async () => {
      db = await freshDatabase();
      kit.url = db.url;
      kit.env.OPS_DATABASE_URL = db.url;
      process.env.OPS_DATABASE_URL = db.url;
    });
    beforeEach(() => emptySchema(kit.url));
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    afterAll(async () => {
      if (saved === undefined) delete process.env.OPS_DATABASE_URL;
      else process.env.OPS_DATABASE_URL = saved;
      await db?.drop();
    });
    suite(kit);
  });
}
