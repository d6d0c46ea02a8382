import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchFunctions } from './032_search_word_counts';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: new searches at 1,000,000 products.
type Db = Kysely<unknown>;

/**
 * A match's place in relevance order as one bigint, smallest first: its band (the tier, then sold out
 * after in stock: 0–5) above 31 bits of `2147483647 - id` (newest first). One sort key instead of three,
 * and the band-0 matches (named, in stock) are those below 2^31.
 */
export const RANK_KEY = sql.raw(`((case when p.search_tsv @@ name_q then 0 when p.search_tsv @@ brand_q then 2 else 4 end
  + (p.total_stock <= 0)::integer)::bigint << 31) | (2147483647 - p.id)`);
/**
 * The ids of rank keys, in their order: a function call (plpgsql's fast path for simple expressions) where
 * a subquery would be planned afresh on every call.
 */
export const KEY_IDS = sql.raw(`products_search_key_ids(keys)`);

/**
 * PostgreSQL only: `products_search_stage` (032) again, same arguments and answers, cheaper:
 *
 * - Matches are ranked by RANK_KEY, and the pairs (031) are not checked again on each row: a product holding
 *   a pair of every group holds every word (`pairTokens`). The sparse read: 1.03 → 0.91 ms on average.
 * - A search with at least `bound` matches but few among the newest products (common words, spread out:
 *   "indigo slim jeans" with denim, 4,500 matches at 1,000,000) answered no page, and the repository read
 *   it tier by tier (about ten statements, 30–40 ms). `products_search_newest` now looks for its page among
 *   the matches of the newest products, in windows sized by the spread of ids per match the first read
 *   saw: the page is there when they hold as many named, in-stock matches as it reaches, since no older
 *   match can come before those (docs/search.md, "How a search stays cheap").
 *
 * `create or replace`: API processes still running the previous release call the same function and get
 * the same answers.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function products_search_key_ids(keys bigint[]) returns integer[] language plpgsql immutable as $$
    declare
      k bigint;
      ids integer[] := '{}';
    begin
      foreach k in array coalesce(keys, '{}') loop
        ids := ids || (2147483647 - (k & 2147483647))::integer;
      end loop;
      return ids;
    end $$`.execute(db);
  await searchNewest(db);
  await searchStage(db);
}

/** `products_search_stage` as 034 made it (migration 036's down puts it back). */
export async function searchStage(db: Db): Promise<void> {
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
            from (select p.id, ${RANK_KEY} as k from products p where p.search_pairs @@ pairs limit bound) m;
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

/** `products_search_newest` as 034 made it (`create or replace`: migration 035's down puts it back). */
export async function searchNewest(db: Db): Promise<void> {
  await sql`
    create or replace function products_search_newest(
      q tsquery, name_q tsquery, brand_q tsquery, pairs tsquery, spread numeric, probe integer, dense integer, walk integer, lim integer, skip integer)
    returns integer[]
    language plpgsql stable
    set enable_seqscan = off
    set enable_indexscan = off
    set random_page_cost = 40
    set plan_cache_mode = force_custom_plan
    as $$
    declare
      top integer;
      span bigint;
      -- Dense (as many matches per id as dense in probe, or more): a window is walked, not read from an index.
      walked boolean := coalesce(spread * dense <= probe, false);
      grow integer;
      seen integer;
      firsts integer;
      keys bigint[];
    begin
      perform set_config('enable_indexscan', 'on', true);
      select n.id into top from products n order by n.id desc limit 1;
      select top - n.id + 1 into span from products n order by n.id desc offset probe - 1 limit 1;
      perform set_config('enable_indexscan', 'off', true);
      -- The newest probe products' ids at least; with the spread of ids per match that an earlier read saw,
      -- wide enough for four times the page's matches.
      span := greatest(coalesce(span, top), ceil(4 * (skip + lim) * coalesce(spread, 0)));
      for round in 1 .. 3 loop
        if walked then
          -- A dense search's pairs are long lists (leather and wallet: 66,000 products, 10 ms to read each
          -- time); its window's rows are fewer and cheaper read one by one, newest first.
          perform set_config('enable_indexscan', 'on', true);
          select count(*), count(*) filter (where m.k < 2147483648), (array_agg(m.k order by m.k))[skip + 1:skip + lim]
            into seen, firsts, keys
            from (select ${RANK_KEY} as k
                    from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit span) p
                   where p.search_tsv @@ q) m;
          perform set_config('enable_indexscan', 'off', true);
        elsif pairs is not null then
          select count(*), count(*) filter (where m.k < 2147483648), (array_agg(m.k order by m.k))[skip + 1:skip + lim]
            into seen, firsts, keys
            from (select ${RANK_KEY} as k from products p where p.search_pairs @@ pairs and p.id > top - span) m;
        else
          select count(*), count(*) filter (where m.k < 2147483648), (array_agg(m.k order by m.k))[skip + 1:skip + lim]
            into seen, firsts, keys
            from (select ${RANK_KEY} as k from products p where p.search_tsv @@ q and p.id > top - span) m;
        end if;
        -- Also when the window holds every product: then every match was ranked.
        if firsts >= skip + lim or span >= top then
          return ${KEY_IDS};
        end if;
        -- Wide enough for about twice the named, in-stock matches the page reaches, going by this window's;
        -- not past about walk matches (few of them named: "leather wallet", leather in the descriptions),
        -- where the repository's tier-by-tier read costs less than ranking them all.
        grow := least(64, greatest(2, ceil(2.0 * (skip + lim) / greatest(firsts, 1))));
        exit when seen::bigint * grow > walk or (walked and least(top, span * grow) > walk);
        span := least(top, span * grow);
      end loop;
      return null;
    end $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await searchFunctions(db);
  await sql`drop function if exists products_search_newest(tsquery, tsquery, tsquery, tsquery, numeric, integer, integer, integer, integer, integer)`.execute(
    db,
  );
  await sql`drop function if exists products_search_key_ids(bigint[])`.execute(db);
}
