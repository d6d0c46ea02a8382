import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { newestFunction } from './036_search_pair_buckets';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: a search's cost at 1,000,000 products.
type Db = Kysely<unknown>;

/** `products_search_stage`'s arguments (034, 036): q, name_q, brand_q, pairs, then eight integers. */
const STAGE = sql.raw(
  'products_search_stage(tsquery, tsquery, tsquery, tsquery, integer, integer, integer, integer, integer, integer, integer, integer)',
);

/**
 * PostgreSQL only. `products_search_stage` plans each of its statements once per session
 * (`force_generic_plan`) instead of at every call. It was planned for each call's values (029: for the
 * planner to tell a dense word from a rare one), but the function now chooses each read itself and
 * leaves the planner one way to take it (the scans it switches off), so planning, mostly reading the
 * statistics of the pairs' words, was all a custom plan still cost.
 *
 * `products_search_newest` plans its look-up of the pairs' counts, its list of buckets and its two window
 * reads once per session too. Its reads of a range of ids stay planned per call (only the span's value
 * keeps the planner off the primary key), and so do its other reads of products (docs/performance.md,
 * issue 36, ninth part).
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter function ${STAGE} set plan_cache_mode = force_generic_plan`.execute(db);
  await newestFunction(db, true);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter function ${STAGE} set plan_cache_mode = force_custom_plan`.execute(db);
  await newestFunction(db);
}
