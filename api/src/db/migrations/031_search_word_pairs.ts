import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: new searches at 1,000,000 products.
type Db = Kysely<unknown>;

/**
 * Words longer than this are left out of the pairs (a tsvector lexeme holds at most 2 KB); a search with
 * such a word is read without them (PostgresSearch).
 */
export const PAIR_WORD_LIMIT = 60;

/**
 * PostgreSQL only: `products.search_pairs`, every pair of a product's plain words (`0p` word `0` word, the
 * two in byte order), with a GIN index, and `products_search_page` taking a query of pairs.
 *
 * A search of several common words ("classic maroon watch") was bounded by the GIN intersection of their
 * whole posting lists (80,000–130,000 products each at 1,000,000) to find a few hundred that hold all of
 * them. The pairs of the rarest word with each other word are lists of about 1/200 of the catalogue, and
 * all of them together hold exactly the products with every word (docs/performance.md, issue 36).
 * Tagged words (`0n`, `0b`: name, brand) are not paired, nor are words starting with `0`.
 *
 * Filled by a trigger from `search_tsv`, so from the very lexemes a search is matched against.
 * Filling a large catalogue takes a while (about 45 s per 200,000 products).
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function search_word_pairs(words tsvector) returns tsvector
    language sql immutable parallel safe as $$
      select coalesce(array_to_tsvector(array_agg('0p' || a || '0' || b)), ''::tsvector)
        from unnest(tsvector_to_array(words)) a, unnest(tsvector_to_array(words)) b
       where a collate "C" < b collate "C" and a !~ '^0' and b !~ '^0'
         and length(a) <= ${sql.lit(PAIR_WORD_LIMIT)} and length(b) <= ${sql.lit(PAIR_WORD_LIMIT)} $$`.execute(db);
  await sql`alter table products add column search_pairs tsvector`.execute(db);
  // Kept out of the row (TOAST), uncompressed: only the index reads the pairs, while ~1.6 KB more in each
  // row made the table 2.6 times as large at 1,000,000 products, for every read of a product to wade through.
  await sql`alter table products alter column search_pairs set storage external`.execute(db);
  // A trigger of its own, after migration 027's fill (triggers fire in name order): from its search_tsv.
  await sql`
    create or replace function products_search_pairs_fill() returns trigger language plpgsql as $$
    begin
      new.search_pairs := case when new.search_tsv is null then null else search_word_pairs(new.search_tsv) end;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger products_search_pairs before insert or update of name, brand, category_id, search_words, hidden
    on products for each row execute function products_search_pairs_fill()`.execute(db);
  await sql`update products set search_pairs = search_word_pairs(search_tsv) where search_tsv is not null`.execute(db);
  await sql`create index products_search_pairs on products using gin (search_pairs)`.execute(db);
  // 029's function stays beside it (another argument count): API processes not yet upgraded keep answering.
  await searchPage(db);
}

/**
 * `products_search_page` with pairs (see 029 for the rest). With `pairs`, how dense the words are is first
 * counted from the pairs' index among the newest `probe` products (an index read, not 1,000 rows): sparse
 * words are then read from the pairs' bitmap and checked on each row (IS TRUE: not an index condition);
 * only dense ones take 029's way, the newest products read row by row.
 */
export async function searchPage(db: Db): Promise<void> {
  await sql`
    create or replace function products_search_page(
      q tsquery, name_q tsquery, brand_q tsquery, pairs tsquery,
      probe integer, dense integer, bound integer, cap integer, lim integer, skip integer,
      out matches integer, out page integer[])
    language plpgsql stable
    set enable_seqscan = off
    set enable_indexscan = on
    set plan_cache_mode = force_custom_plan
    as $$
    declare
      sampled integer;
      newest integer;
    begin
      if pairs is not null then
        -- The probe-th newest id, from the primary key (before index scans are turned off: else a sort of all).
        select n.id into newest from products n order by n.id desc offset probe - 1 limit 1;
        perform set_config('enable_indexscan', 'off', true);
        select count(*) into sampled from products p where p.search_pairs @@ pairs and p.id >= coalesce(newest, 0);
        if sampled < dense then
          select count(*),
                 (array_agg(m.id order by m.tier, m.in_stock desc, m.id desc))[skip + 1:skip + lim]
            into matches, page
            from (select p.id, p.total_stock > 0 as in_stock,
                         case when p.search_tsv @@ name_q then 0 when p.search_tsv @@ brand_q then 1 else 2 end as tier
                    from products p where p.search_pairs @@ pairs and (p.search_tsv @@ q) is true limit bound) m;
          page := case when matches >= bound then null else coalesce(page, '{}') end;
          matches := least(matches, cap);
          return;
        end if;
        perform set_config('enable_indexscan', 'on', true);
      end if;
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
  await sql`drop function if exists products_search_page(tsquery, tsquery, tsquery, tsquery, integer, integer, integer, integer, integer, integer)`.execute(
    db,
  );
  await sql`drop trigger if exists products_search_pairs on products`.execute(db);
  await sql`drop function if exists products_search_pairs_fill()`.execute(db);
  await sql`drop index if exists products_search_pairs`.execute(db);
  await sql`alter table products drop column if exists search_pairs`.execute(db);
  await sql`drop function if exists search_word_pairs(tsvector)`.execute(db);
}
