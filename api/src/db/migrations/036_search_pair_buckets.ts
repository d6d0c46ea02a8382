import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { KEY_IDS, RANK_KEY, searchStage as searchStage034 } from './034_search_rank_key';
import { newestFunction as searchNewest035 } from './035_search_pair_counts';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: a search's newest matches at 1,000,000 products.
type Db = Kysely<unknown>;

/** Ids per bucket: 2^13 = 8,192. */
const BUCKET_BITS = 13;
/** A window read by bucket spans at most this many (131,072 ids); a wider one reads the pairs' lists alone. */
const WINDOW_BUCKETS = 16;
const BITS = sql.lit(BUCKET_BITS);
/**
 * The indexed expression: a product's pairs and its id's bucket (`0i` and the id >> BUCKET_BITS). Every
 * read of the pairs goes through it (a query of pairs alone finds what it did), so it replaces 031's index.
 */
const PAIRED = sql.raw('(p.search_pairs || search_id_bucket(p.id))');
/** What `products_search_newest` keeps of a window's rank keys: matches, band 0, in stock, and the page's keys. */
const WINDOW_KEYS = sql.raw(`count(*), count(*) filter (where m.k < 2147483648), count(*) filter (where (m.k >> 31) % 2 = 0),
                 (array_agg(m.k order by m.k))[skip + 1:skip + lim]`);

/**
 * PostgreSQL only. A search's page among its newest matches (035's `products_search_newest`) reads a window
 * of ids through the pairs' index when walking it would cost more. The id was no index condition: the
 * bitmap held every match, and each was fetched from the table only to be dropped by the id. "black leather
 * wallet" at 1,000,000 products (4,107 matches) fetched all of them for the 47 of its newest 11,700 ids:
 * 5.1 ms, where the window's own rows are 0.6 ms.
 *
 * The pairs' GIN index now holds each product's pairs with its id's bucket (8,192 ids) as one more lexeme:
 * a window asks for its pairs and its buckets, and the index gives only the window's matches. A query of
 * pairs alone reads the same lists as in 031's index, which this one replaces (the same size, plus 122
 * buckets at 1,000,000 products), so the reads of every match (the count, a sparse search's ranking) go
 * through it too.
 *
 * `create or replace`: API processes still running the previous release call the same functions (031's
 * `products_search_page`, two releases back, keeps reading `search_pairs` without an index).
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function search_id_bucket(id integer) returns tsvector language sql immutable parallel safe
    as $$ select array_to_tsvector(array['0i' || (id >> ${BITS})]) $$`.execute(db);
  await createPairsIndex(db);
  await newestFunction(db);
  await stageFunction(db);
  await sql`drop index if exists products_search_pairs`.execute(db);
}

/** The pairs' index (PAIRED, unaliased): here, and where the grower builds it again after a load. */
export async function createPairsIndex(db: Db): Promise<void> {
  await sql`create index products_search_pairs_buckets on products using gin ((search_pairs || search_id_bucket(id)))`.execute(db);
}

/** 036's `products_search_stage`: 034's, its pairs read through 036's index. */
async function stageFunction(db: Db): Promise<void> {
  await sql`
    create or replace function products_search_stage(
      q tsquery, name_q tsquery, brand_q tsquery, pairs tsquery, known integer,
      probe integer, dense integer, bound integer, walk integer, cap integer, lim integer, skip integer,
      out matches integer, out page integer[])
    language plpgsql stable
    set enable_seqscan = off
    set enable_indexscan = on
    set plan_cache_mode = force_custom_plan
    as $$
    declare
      sampled integer;
      keys bigint[];
      -- Ids per match among the matches a read saw (the oldest, as a bitmap is read in the table's order).
      spread numeric;
    begin
      if pairs is not null then
        -- Fewer than bound: all of them ranked from this read. Else (or past the cap already, a kept
        -- search's next page) the page is looked for among the newest matches.
        if known < cap then
          perform set_config('enable_indexscan', 'off', true);
          select count(*), (array_agg(m.k order by m.k))[skip + 1:skip + lim], (max(m.id) - min(m.id) + 1)::numeric / greatest(count(*), 1)
            into matches, keys, spread
            from (select p.id, ${RANK_KEY} as k from products p where ${PAIRED} @@ pairs limit bound) m;
          if matches < bound then
            page := ${KEY_IDS};
            matches := least(matches, cap);
            return;
          end if;
        end if;
        page := products_search_newest(q, name_q, brand_q, pairs, spread, probe, dense, walk, lim, skip);
        matches := cap;
        return;
      end if;
      select count(*), (array_agg(n.id order by n.id desc) filter (where n.in_stock and n.named))[1:lim]
        into sampled, page
        from (select r.id, r.total_stock > 0 as in_stock, r.search_tsv @@ name_q as named
                from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit probe) r
               where r.search_tsv @@ q) n;
      if sampled >= dense then
        if known >= cap then
          matches := cap;
        else
          select count(*) into matches
            from (select 1 from (select p.id, p.search_tsv from products p order by p.id desc limit walk) w
                   where w.search_tsv @@ q limit cap) x;
          if matches < cap then
            perform set_config('enable_indexscan', 'off', true);
            select count(*) into matches from (select 1 from products p where p.search_tsv @@ q limit cap) x;
          end if;
        end if;
        if skip > 0 or coalesce(cardinality(page), 0) < lim then page := null; end if;
        return;
      end if;
      perform set_config('enable_indexscan', 'off', true);
      select count(*), (array_agg(m.k order by m.k))[skip + 1:skip + lim], (max(m.id) - min(m.id) + 1)::numeric / greatest(count(*), 1)
        into matches, keys, spread
        from (select p.id, ${RANK_KEY} as k from products p where p.search_tsv @@ q limit bound) m;
      page := case when matches >= bound then products_search_newest(q, name_q, brand_q, null, spread, probe, dense, walk, lim, skip) else ${KEY_IDS} end;
      matches := least(matches, cap);
    end $$`.execute(db);
}

/**
 * 036's `products_search_newest`: 035's, its windows read through the pairs' index by bucket. `generic`
 * (migration 037): its look-up of the pairs' counts, its list of buckets and its two window reads are
 * planned once per session; the rest still for each call. Without it the text is 036's own.
 */
export async function newestFunction(db: Db, generic = false): Promise<void> {
  const once = sql.raw(generic ? `perform set_config('plan_cache_mode', 'force_generic_plan', true); ` : '');
  const again = sql.raw(generic ? ` perform set_config('plan_cache_mode', 'force_custom_plan', true);` : '');
  await sql`
    create or replace function products_search_newest(
      q tsquery, name_q tsquery, brand_q tsquery, pairs tsquery, spread numeric, probe integer, dense integer, walk integer, lim integer, skip integer)
    returns integer[]
    language plpgsql stable
    set enable_seqscan = off
    set enable_indexscan = off
    set random_page_cost = 40
    set plan_cache_mode = force_custom_plan
    set jit = off
    as $$
    declare
      top integer;
      span bigint;
      -- Dense (as many matches per id as dense in probe, or more): a window is walked, not read from an
      -- index. With no spread known, the first window (the newest probe products) is walked.
      walked boolean := coalesce(spread * dense <= probe, true);
      grow integer;
      seen integer;
      firsts integer;
      -- In stock (bands 0, 2, 4).
      stocked integer;
      keys bigint[];
      band integer;
      before tsquery;
      -- What a window read through the pairs' index costs: the entries of its shortest group of pairs (the
      -- index skips through the others), each group the entries of its pairs together.
      entries bigint;
      next bigint;
      -- The window's buckets, when it is read through the index by bucket.
      buckets tsquery;
    begin
      if pairs is not null then
        ${once}select min(g.together) into entries from search_pair_groups(pairs) g;${again}
      end if;
      perform set_config('enable_indexscan', 'on', true);
      select n.id into top from products n order by n.id desc limit 1;
      select top - n.id + 1 into span from products n order by n.id desc offset probe - 1 limit 1;
      perform set_config('enable_indexscan', 'off', true);
      span := greatest(coalesce(span, top), ceil(4 * (skip + lim) * coalesce(spread, 0)));
      for round in 1 .. 3 loop
        -- With pairs: a window walked costs about as much per product as one read through the index per
        -- entry of the pairs' lists (0.5 us each): walked when it is the shorter ("blue kurta", 48 pairs,
        -- 16,000 entries: 8.5 ms through the index for 3,000 products, 1.5 ms walked).
        -- Not walked: read through the index by bucket when the window spans few (whole buckets: reading part
        -- of one costs as much), else through the pairs' lists alone. The buckets are the window: no id
        -- condition the planner could take the primary key for instead, filtering the pairs row by row.
        if pairs is not null then
          walked := span <= entries;
          buckets := null;
          if not walked and span <= ${sql.lit(WINDOW_BUCKETS)} << ${BITS} then
            span := least(top, top - (((top - span + 1) >> ${BITS}) << ${BITS}) + 1);
            ${once}buckets := (select string_agg(quote_literal('0i' || b), ' | ')
                          from generate_series((top - span + 1) >> ${BITS}, top >> ${BITS}) b)::tsquery;${again}
          end if;
        end if;
        if walked then
          ${once}perform set_config('enable_indexscan', 'on', true);
          select ${WINDOW_KEYS}
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k
                    from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit span) p
                   where p.search_tsv @@ q) m;
          perform set_config('enable_indexscan', 'off', true);${again}
        elsif buckets is not null then
          ${once}select ${WINDOW_KEYS}
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k from products p
                   where ${PAIRED} @@ (pairs && buckets)) m;${again}
        elsif pairs is not null then
          select ${WINDOW_KEYS}
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k from products p where ${PAIRED} @@ pairs and p.id > top - span) m;
        else
          select ${WINDOW_KEYS}
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k from products p where p.search_tsv @@ q and p.id > top - span) m;
        end if;
        if firsts >= skip + lim or span >= top then
          return ${KEY_IDS};
        end if;
        -- A full page whose last match is in band 1–4 is exact when no older product is in a band before
        -- it: none with the words named (bands 0, 1) for 1 and 2, none named or by brand for 3 and 4.
        -- (A walked window may reach below top - span: it is then only checked more than it needs. The id
        -- is no index condition, + 0: its bitmap would be most of the table's.)
        -- Only when the window has no named, in-stock match: else older ones are all but certain, and the
        -- check (4 ms for "cotton kurta": every kurta named, cotton in 2,630 names) would be wasted.
        band := null;
        if coalesce(cardinality(keys), 0) = lim then
          band := (keys[lim] >> 31)::integer;
          before := case when band <= 2 then name_q when band <= 4 then brand_q end;
          if firsts = 0 and before is not null and not exists (select 1 from products p where p.search_tsv @@ before and p.id + 0 <= top - span) then
            return ${KEY_IDS};
          end if;
        end if;
        if spread is null then
          spread := span::numeric / greatest(seen, 1);
          walked := spread * dense <= probe;
        end if;
        -- Wide enough for about twice what the page is short of: matches (a page not full), in-stock ones
        -- (a page reaching the sold-out band 5), else named, in-stock ones; not past about walk matches
        -- (or products walked), where the repository's tier-by-tier read costs less than ranking them all.
        grow := least(64, greatest(2, ceil(2.0 * (skip + lim) / greatest(case
          when coalesce(cardinality(keys), 0) < lim then seen when band = 5 then stocked else firsts end, 1))));
        -- A walked window is widened up to walk products (034 stopped short of that: "cotton kurta", 2,630
        -- named of 66,000, needs about 5,000); one read through the index, while it ranks at most walk.
        next := least(top, span * grow);
        if (pairs is null and walked) or (buckets is null and next <= entries) then
          exit when span >= walk;
          span := least(next, walk);
        else
          exit when seen::bigint * grow > walk;
          span := next;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index if not exists products_search_pairs on products using gin (search_pairs)`.execute(db);
  await searchStage034(db);
  await searchNewest035(db);
  await sql`drop index if exists products_search_pairs_buckets`.execute(db);
  await sql`drop function if exists search_id_bucket(integer)`.execute(db);
}
