import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: new searches in one round trip.
type Db = Kysely<unknown>;

/**
 * PostgreSQL only, two parts (docs/search.md, "How a search stays cheap"):
 *
 * `search_word_counts`: how many products a shopper can find hold each plain word, kept exact by triggers
 * from `search_tsv` (the very lexemes a search matches; a hidden product's is null). A search of *any* of
 * its words, or of one word with its synonyms, finds at least as many products as its commonest word: at
 * or past the cap that is its total, known without walking the newest products to count 1,001 matches
 * (about 5,000 rows for a partial search, 3 ms: most of its cost).
 *
 * `products_search_first`: the stages of a search (every word; the corrected words; any of them), in one
 * round trip: the first stage that finds anything answers, through `products_search_stage` (031's
 * `products_search_page`, with the known floor). A partial search was two or three round trips.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table search_word_counts (lexeme text primary key, products integer not null)`.execute(db);
  await sql`
    insert into search_word_counts (lexeme, products)
    select w, count(*) from products p, unnest(tsvector_to_array(p.search_tsv)) w
     where p.search_tsv is not null and w !~ '^0' group by w`.execute(db);
  // Added and removed rows a statement at a time (a grown catalogue inserts thousands per statement);
  // changed ones a row at a time, only when its lexemes changed (a stock write changes none). Words are
  // written in order, so two writers lock the rows they share in the same order.
  await sql`
    create function search_word_counts_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_word_counts as c (lexeme, products)
        select w, count(*) from added a, unnest(tsvector_to_array(a.search_tsv)) w
         where a.search_tsv is not null and w !~ '^0' group by w order by w
        on conflict (lexeme) do update set products = c.products + excluded.products;
      else
        update search_word_counts c set products = c.products - gone.n
          from (select w, count(*) as n from removed r, unnest(tsvector_to_array(r.search_tsv)) w
                 where r.search_tsv is not null and w !~ '^0' group by w order by w) gone
         where c.lexeme = gone.w;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger search_word_counts_insert after insert on products referencing new table as added
    for each statement execute function search_word_counts_statement()`.execute(db);
  await sql`
    create trigger search_word_counts_delete after delete on products referencing old table as removed
    for each statement execute function search_word_counts_statement()`.execute(db);
  await sql`
    create function search_word_counts_row() returns trigger language plpgsql as $$
    begin
      insert into search_word_counts as c (lexeme, products)
      select w, sum(d) from (
          select w, 1 as d from unnest(tsvector_to_array(coalesce(new.search_tsv, ''::tsvector))) w
          union all
          select w, -1 from unnest(tsvector_to_array(coalesce(old.search_tsv, ''::tsvector))) w) x
       where w !~ '^0' group by w having sum(d) <> 0 order by w
      on conflict (lexeme) do update set products = c.products + excluded.products;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger search_word_counts_update after update on products
    for each row when (old.search_tsv is distinct from new.search_tsv) execute function search_word_counts_row()`.execute(db);
  await searchFunctions(db);
}

/**
 * `products_search_stage`: 031's `products_search_page` with `known`, a floor of the matches (0: none
 * known). Dense words at or past the cap are not walked to be counted; others are walked through at most
 * the newest `walk` products, then counted through the word index if the cap was not reached there.
 * `products_search_first`: the stages in turn; `stage` is the first (from 0) that found anything, else null.
 * `known_total`: a total already counted (a kept search read again: one stage), else null.
 * `floored[i]`: stage i finds at least as many products as its commonest lexeme (any word; one word).
 */
export async function searchFunctions(db: Db): Promise<void> {
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
      newest integer;
    begin
      if pairs is not null then
        -- Read first: a search of several words mostly has fewer matches than bound, all ranked here
        -- (031 first counted the pairs among the newest products: a second read of the same lists).
        perform set_config('enable_indexscan', 'off', true);
        select count(*),
               (array_agg(m.id order by m.tier, m.in_stock desc, m.id desc))[skip + 1:skip + lim]
          into matches, page
          from (select p.id, p.total_stock > 0 as in_stock,
                       case when p.search_tsv @@ name_q then 0 when p.search_tsv @@ brand_q then 1 else 2 end as tier
                  from products p where p.search_pairs @@ pairs and (p.search_tsv @@ q) is true limit bound) m;
        if matches < bound then
          page := coalesce(page, '{}');
          matches := least(matches, cap);
          return;
        end if;
        -- As many as bound: dense among the newest products (walked below), or common but spread out.
        perform set_config('enable_indexscan', 'on', true);
        select n.id into newest from products n order by n.id desc offset probe - 1 limit 1;
        perform set_config('enable_indexscan', 'off', true);
        select count(*) into sampled from products p where p.search_pairs @@ pairs and p.id >= coalesce(newest, 0);
        if sampled < dense then
          page := null;
          matches := least(matches, cap);
          return;
        end if;
        perform set_config('enable_indexscan', 'on', true);
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
            -- Dense among the newest only (a new collection's word): counted through the word index
            -- rather than by walking every product (all 1,000,000 for a word only the newest hold).
            perform set_config('enable_indexscan', 'off', true);
            select count(*) into matches from (select 1 from products p where p.search_tsv @@ q limit cap) x;
          end if;
        end if;
        if skip > 0 or coalesce(cardinality(page), 0) < lim then page := null; end if;
        return;
      end if;
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
  await searchFirst(db);
}

/** `products_search_first` as 032 made it (migration 035's down puts it back). */
export async function searchFirst(db: Db): Promise<void> {
  await sql`
    create or replace function products_search_first(
      qs tsquery[], name_qs tsquery[], brand_qs tsquery[], pairs tsquery[], floored boolean[], known_total integer,
      probe integer, dense integer, bound integer, walk integer, cap integer, lim integer, skip integer,
      out stage integer, out matches integer, out page integer[])
    language plpgsql stable
    as $$
    declare
      known integer;
    begin
      for i in 1 .. coalesce(array_length(qs, 1), 0) loop
        known := coalesce(known_total, 0);
        if floored[i] then
          -- The lexemes of the query, as its text quotes them (search words are letters and digits).
          select greatest(known, coalesce(max(c.products), 0)) into known from search_word_counts c
           where c.lexeme in (select l[1] from regexp_matches(qs[i]::text, '''([^'']+)''', 'g') l);
        end if;
        select s.matches, s.page into matches, page
          from products_search_stage(qs[i], name_qs[i], brand_qs[i], pairs[i], known, probe, dense, bound, walk, cap, lim, skip) s;
        if matches > 0 then
          stage := i - 1;
          return;
        end if;
      end loop;
      matches := 0;
      page := '{}';
    end $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists products_search_first(tsquery[], tsquery[], tsquery[], tsquery[], boolean[], integer, integer, integer, integer, integer, integer, integer, integer)`.execute(
    db,
  );
  await sql`drop function if exists products_search_stage(tsquery, tsquery, tsquery, tsquery, integer, integer, integer, integer, integer, integer, integer, integer)`.execute(
    db,
  );
  for (const t of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.id(`search_word_counts_${t}`)} on products`.execute(db);
  await sql`drop function if exists search_word_counts_statement()`.execute(db);
  await sql`drop function if exists search_word_counts_row()`.execute(db);
  await sql`drop table if exists search_word_counts`.execute(db);
}
