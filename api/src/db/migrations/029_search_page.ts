import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: search speed at scale.
type Db = Kysely<unknown>;

/**
 * PostgreSQL only: `products_search_page`, a search's bounded total and, when it can tell it exactly, the
 * requested page in relevance order (name or category, then brand, then anywhere; in stock first; newest
 * first), in one round trip and one read of the word index. The repository's `PostgresSearch` calls it and
 * reads the page some other way when it answers `page` null (docs/search.md, "How it stays fast").
 *
 * A function rather than a statement because the planner must be steered, which a statement cannot do to
 * itself: past about 2 % of the catalogue the words are dense and walking the newest products finds a
 * page and a capped total fastest; below, a search is answered from the GIN index's bitmap, read once
 * (left alone the planner walks the primary key through every product for two common words that never
 * meet). Plans are made for each call's values (`force_custom_plan`): a generic plan cannot tell a dense
 * word from a rare one.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function products_search_page(
      q tsquery, name_q tsquery, brand_q tsquery,
      probe integer, dense integer, bound integer, cap integer, lim integer, skip integer,
      out matches integer, out page integer[])
    language plpgsql stable
    set enable_seqscan = off
    set enable_indexscan = on
    set plan_cache_mode = force_custom_plan
    as $$
    declare
      sampled integer;
    begin
      -- The newest products: how dense the words are, and the first page when the newest hold it.
      select count(*), (array_agg(n.id order by n.id desc) filter (where n.in_stock and n.named))[1:lim]
        into sampled, page
        from (select r.id, r.total_stock > 0 as in_stock, r.search_tsv @@ name_q as named
                from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit probe) r
               where r.search_tsv @@ q) n;
      if sampled >= dense then
        select count(*) into matches
          from (select 1 from (select p.id, p.search_tsv from products p order by p.id desc) w
                 where w.search_tsv @@ q limit cap) x;
        if skip > 0 or coalesce(cardinality(page), 0) < lim then page := null; end if;
        return;
      end if;
      -- Sparse: every match from one bitmap of the index, at most bound, ranked here.
      perform set_config('enable_indexscan', 'off', true);
      select count(*),
             (array_agg(m.id order by m.tier, m.in_stock desc, m.id desc))[skip + 1:skip + lim]
        into matches, page
        from (select p.id, p.total_stock > 0 as in_stock,
                     case when p.search_tsv @@ name_q then 0 when p.search_tsv @@ brand_q then 1 else 2 end as tier
                from products p where p.search_tsv @@ q limit bound) m;
      page := case when matches >= bound then null else coalesce(page, '{}') end;
      matches := least(matches, cap);
    end $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists products_search_page(tsquery, tsquery, tsquery, integer, integer, integer, integer, integer, integer)`.execute(
    db,
  );
}
