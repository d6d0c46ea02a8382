import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchFirst } from './032_search_word_counts';
import { KEY_IDS, RANK_KEY, searchNewest } from './034_search_rank_key';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: everyday two-word searches at 1,000,000 products.
type Db = Kysely<unknown>;

/**
 * PostgreSQL only. Everyday searches of two common words ("mens shoes", "leather wallet", "cotton kurta":
 * 66,000 matches each at 1,000,000 products) took 25–42 ms each, in the database (docs/performance.md):
 *
 * - Their first read built the bitmap of the pair's whole list (10 ms for 66,000) only to learn that there
 *   are more than 3,000. `search_pair_counts` says how many products hold each pair, kept exact by triggers
 *   like 032's `search_word_counts`; a search of two words (its pairs one `|` list: any of them holds both
 *   words) finds at least as many as its commonest pair. From the cap up that is its total, and the first
 *   read is skipped; when its pairs together hold `bound`, the first read counts only to the cap. Only the
 *   pairs some product holds go to the index (synonyms multiply a search's pairs, most of them held by none).
 * - Their page was looked for among the newest matches, but found there only when enough were named and
 *   in stock: "leather wallet" (leather only in the descriptions) has none named, so it fell to the
 *   tier-by-tier read. A window's page is also exact when no older match is in a band before its last one:
 *   checked through the word index for the named (or named and brand) words, a short read when few hold
 *   them together.
 * - With no spread known (a kept search, or the first read skipped), the first window is the newest
 *   `probe` products walked (about 1 ms) rather than a read of the pairs' whole lists. After it, a window is
 *   walked when it is shorter than the pairs' index entries it would read, and walked windows widen up to
 *   `walk` products.
 *
 * `create or replace`: API processes still running the previous release call the same functions.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table search_pair_counts (pair text primary key, products integer not null)`.execute(db);
  await sql`
    insert into search_pair_counts (pair, products)
    select w, count(*) from products p, unnest(tsvector_to_array(p.search_pairs)) w where p.search_pairs is not null group by w`.execute(
    db,
  );
  // Its statistics now, not when autovacuum comes round: without them the look-ups of a search's pairs were
  // planned blind (everyday searches at 200,000 products: 1.01 against 0.78 ms in the database).
  await sql`analyze search_pair_counts`.execute(db);
  // As 032's counts: added and removed rows a statement at a time, changed ones a row at a time when their
  // lexemes changed (the pairs follow them: 031's trigger), in order so that two writers lock alike.
  await sql`
    create function search_pair_counts_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_pair_counts as c (pair, products)
        select w, count(*) from added a, unnest(tsvector_to_array(a.search_pairs)) w
         where a.search_pairs is not null group by w order by w
        on conflict (pair) do update set products = c.products + excluded.products;
      else
        update search_pair_counts c set products = c.products - gone.n
          from (select w, count(*) as n from removed r, unnest(tsvector_to_array(r.search_pairs)) w
                 where r.search_pairs is not null group by w order by w) gone
         where c.pair = gone.w;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger search_pair_counts_insert after insert on products referencing new table as added
    for each statement execute function search_pair_counts_statement()`.execute(db);
  await sql`
    create trigger search_pair_counts_delete after delete on products referencing old table as removed
    for each statement execute function search_pair_counts_statement()`.execute(db);
  await sql`
    create function search_pair_counts_row() returns trigger language plpgsql as $$
    begin
      insert into search_pair_counts as c (pair, products)
      select w, sum(d) from (
          select w, 1 as d from unnest(tsvector_to_array(coalesce(new.search_pairs, ''::tsvector))) w
          union all
          select w, -1 from unnest(tsvector_to_array(coalesce(old.search_pairs, ''::tsvector))) w) x
       group by w having sum(d) <> 0 order by w
      on conflict (pair) do update set products = c.products + excluded.products;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger search_pair_counts_update after update on products
    for each row when (old.search_tsv is distinct from new.search_tsv) execute function search_pair_counts_row()`.execute(db);

  // A query of pairs, group by group (its & parts: a group's pairs are alternatives): how many products
  // its pairs hold together, the most one of them does, and the pairs some product holds, as a tsquery
  // of alternatives (null: none is held). The quoted lexemes of a query's text are its words.
  await sql`
    create function search_pair_groups(pairs tsquery) returns table (together bigint, most integer, held text)
    language sql stable as $$
      select x.together, x.most, x.held
        from regexp_split_to_table(pairs::text, '&') part,
             lateral (select coalesce(sum(c.products), 0)::bigint as together, coalesce(max(c.products), 0) as most,
                             string_agg(quote_literal(c.pair), ' | ') filter (where c.products > 0) as held
                        from search_pair_counts c
                       where c.pair in (select l[1] from regexp_matches(part, '''([^'']+)''', 'g') l)) x $$`.execute(db);
  await firstFunction(db);
  await newestFunction(db);
}

/** 035's `products_search_first`. */
export async function firstFunction(db: Db): Promise<void> {
  await sql`
    create or replace function products_search_first(
      qs tsquery[], name_qs tsquery[], brand_qs tsquery[], pairs tsquery[], floored boolean[], known_total integer,
      probe integer, dense integer, bound integer, walk integer, cap integer, lim integer, skip integer,
      out stage integer, out matches integer, out page integer[])
    language plpgsql stable
    set jit = off
    as $$
    declare
      known integer;
      paired integer;
      upper bigint;
      reads integer;
      every boolean;
      held text;
      paired_q tsquery;
    begin
      for i in 1 .. coalesce(array_length(qs, 1), 0) loop
        known := coalesce(known_total, 0);
        reads := bound;
        paired_q := pairs[i];
        if floored[i] then
          -- The lexemes of the query, as its text quotes them (search words are letters and digits).
          select greatest(known, coalesce(max(c.products), 0)) into known from search_word_counts c
           where c.lexeme in (select l[1] from regexp_matches(qs[i]::text, '''([^'']+)''', 'g') l);
        end if;
        if pairs[i] is not null then
          -- Each group of pairs (the query's & parts): how many products its pairs hold together; with one
          -- group (two words), the most one of them does; and the pairs some product holds. A search's pairs
          -- are every alternative of a word with every other's ("blue shoes": 80, of which 25 are held):
          -- the index looked up all 80 for every match (4.5 ms at 200,000 products, 1.5 with the 25).
          select min(g.together), case when count(*) = 1 then max(g.most) else 0 end, bool_and(g.held is not null),
                 string_agg('(' || g.held || ')', ' & ')
            into upper, paired, every, held
            from search_pair_groups(pairs[i]) g;
          -- A group none of whose pairs any product holds: nothing has every word.
          continue when not every;
          paired_q := held::tsquery;
          -- Two words: each of their pairs holds both. From the cap up the total is known, and the page is
          -- looked for among the newest matches rather than by ranking up to bound of them.
          if paired >= cap then
            known := greatest(known, paired);
          end if;
          -- Two words whose pairs hold bound or more together (a product mostly holds one of a word's
          -- alternatives, so that is about their matches): the first read counts only to the cap before the
          -- newest are looked at. "red shoes" at 200,000 products (red with maroon, wine...; shoes with
          -- sneakers...: 3,300 matches, no pair held by 1,000) ranked 3,000 of them, 9 ms. (With more words
          -- the products holding every group are far fewer than any group's: not so.)
          if paired > 0 and upper >= bound then
            reads := cap;
          end if;
        end if;
        select s.matches, s.page into matches, page
          from products_search_stage(qs[i], name_qs[i], brand_qs[i], paired_q, known, probe, dense, reads, walk, cap, lim, skip) s;
        if matches > 0 then
          stage := i - 1;
          return;
        end if;
      end loop;
      matches := 0;
      page := '{}';
    end $$`.execute(db);
}

/** 035's `products_search_newest`. */
export async function newestFunction(db: Db): Promise<void> {
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
    begin
      if pairs is not null then
        select min(g.together) into entries from search_pair_groups(pairs) g;
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
        if pairs is not null then
          walked := span <= entries;
        end if;
        if walked then
          perform set_config('enable_indexscan', 'on', true);
          select count(*), count(*) filter (where m.k < 2147483648), count(*) filter (where (m.k >> 31) % 2 = 0),
                 (array_agg(m.k order by m.k))[skip + 1:skip + lim]
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k
                    from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit span) p
                   where p.search_tsv @@ q) m;
          perform set_config('enable_indexscan', 'off', true);
        elsif pairs is not null then
          select count(*), count(*) filter (where m.k < 2147483648), count(*) filter (where (m.k >> 31) % 2 = 0),
                 (array_agg(m.k order by m.k))[skip + 1:skip + lim]
            into seen, firsts, stocked, keys
            from (select ${RANK_KEY} as k from products p where p.search_pairs @@ pairs and p.id > top - span) m;
        else
          select count(*), count(*) filter (where m.k < 2147483648), count(*) filter (where (m.k >> 31) % 2 = 0),
                 (array_agg(m.k order by m.k))[skip + 1:skip + lim]
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
        if (pairs is null and walked) or next <= entries then
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
  await searchNewest(db);
  await searchFirst(db);
  for (const t of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.id(`search_pair_counts_${t}`)} on products`.execute(db);
  await sql`drop function if exists search_pair_groups(tsquery)`.execute(db);
  await sql`drop function if exists search_pair_counts_statement()`.execute(db);
  await sql`drop function if exists search_pair_counts_row()`.execute(db);
  await sql`drop table if exists search_pair_counts`.execute(db);
}
