import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchFields } from '../../domain/search';
import { DEFAULT_SYNONYMS } from '../seed/synonyms';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: search that finds what shoppers type.
type Db = Kysely<unknown>;

const postgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * - products.search_name / search_brand / search_more: the product's words as domain/search.ts normalises
 *   them (name and category; brand; description and the parts of hyphenated words), written by whoever
 *   writes a product (the seed, the catalogue grower, `search reindex`). The index is built from them:
 *   SQLite FTS5 `products_search` with its word list `products_search_terms`; PostgreSQL `search_tsv`
 *   (weights A, B, C, GIN index of migration 004) with its word list `search_terms`. The word lists are what
 *   spelling tolerance looks misspelt words up in.
 * - search_synonyms: the shop's synonyms, spellings and colour families, seeded with the Indian defaults.
 *
 * The parts-of-words index of migration 004 (FTS5 trigram, pg_trgm) stays: the last fallback.
 */
export async function up(db: Db): Promise<void> {
  const pg = postgres(db);
  for (const column of ['search_name', 'search_brand', 'search_more'])
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();

  await db.schema
    .createTable('search_synonyms')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('same', 'includes')`))
    .addColumn('words', 'text', (c) => c.notNull())
    .execute();
  const synonyms = db as unknown as Kysely<{ search_synonyms: { kind: string; words: string } }>;
  await synonyms.insertInto('search_synonyms').values(DEFAULT_SYNONYMS).execute();

  if (pg) {
    await sql`drop trigger if exists products_search on products`.execute(db);
    await sql`
      create or replace function products_search_fill() returns trigger language plpgsql as $$
      declare category text;
      begin
        select c.name into category from categories c where c.id = new.category_id;
        new.search_doc := lower(new.name || ' ' || new.brand || ' ' || coalesce(category, ''));
        new.search_tsv := setweight(to_tsvector('simple', new.search_name), 'A')
          || setweight(to_tsvector('simple', new.search_brand), 'B')
          || setweight(to_tsvector('simple', new.search_more), 'C');
        return new;
      end $$`.execute(db);
    await sql`
      create trigger products_search before insert or update of name, brand, category_id, search_name, search_brand, search_more
      on products for each row execute function products_search_fill()`.execute(db);
    await sql`create table search_terms (term text primary key)`.execute(db);
    // Inserts arrive 500 rows a statement when a catalogue is grown: their words are added once per statement.
    await sql`
      create or replace function search_terms_inserted() returns trigger language plpgsql as $$
      begin
        insert into search_terms (term) select distinct unnest(tsvector_to_array(search_tsv)) from added on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger search_terms_insert after insert on products referencing new table as added
      for each statement execute function search_terms_inserted()`.execute(db);
    await sql`
      create or replace function search_terms_updated() returns trigger language plpgsql as $$
      begin
        insert into search_terms (term) select unnest(tsvector_to_array(new.search_tsv)) on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger search_terms_update after update of search_name, search_brand, search_more on products
      for each row execute function search_terms_updated()`.execute(db);
  }

  // The products already there (a shop upgrading), normalised here; the triggers index them.
  await fillSearchFields(db);

  if (!pg) {
    for (const k of ['category', 'delete', 'update', 'insert'])
      await sql`drop trigger if exists ${sql.id(`products_words_${k}`)}`.execute(db);
    await sql`drop table if exists products_words`.execute(db);
    await sql`create virtual table products_search using fts5(name, brand, more, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    await sql`create virtual table products_search_terms using fts5vocab(products_search, row)`.execute(db);
    await sql`insert into products_search (rowid, name, brand, more) select id, search_name, search_brand, search_more from products`.execute(
      db,
    );
    await sql`
      create trigger products_search_insert after insert on products begin
        insert into products_search (rowid, name, brand, more) values (new.id, new.search_name, new.search_brand, new.search_more);
      end`.execute(db);
    await sql`
      create trigger products_search_update after update of search_name, search_brand, search_more on products begin
        delete from products_search where rowid = old.id;
        insert into products_search (rowid, name, brand, more) values (new.id, new.search_name, new.search_brand, new.search_more);
      end`.execute(db);
    await sql`
      create trigger products_search_delete after delete on products begin
        delete from products_search where rowid = old.id;
      end`.execute(db);
  }
}

/** Writes the search fields of every product (in id order, a batch at a time). */
export async function fillSearchFields(db: Db): Promise<number> {
  type Row = { id: number; name: string; brand: string; description: string; category: string };
  const typed = db as unknown as Kysely<{
    products: {
      id: number;
      name: string;
      brand: string;
      description: string;
      category_id: number;
      search_name: string;
      search_brand: string;
      search_more: string;
    };
    categories: { id: number; name: string };
  }>;
  let after = 0;
  let done = 0;
  for (;;) {
    const rows: Row[] = await typed
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'p.brand', 'p.description', 'c.name as category'])
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(1000)
      .execute();
    if (rows.length === 0) return done;
    for (const r of rows) await typed.updateTable('products').set(searchFields(r)).where('id', '=', r.id).execute();
    done += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Db): Promise<void> {
  const pg = postgres(db);
  if (pg) {
    await sql`drop trigger if exists search_terms_update on products`.execute(db);
    await sql`drop trigger if exists search_terms_insert on products`.execute(db);
    await sql`drop function if exists search_terms_updated()`.execute(db);
    await sql`drop function if exists search_terms_inserted()`.execute(db);
    await sql`drop table if exists search_terms`.execute(db);
    // Migration 004's trigger again: name, brand and category.
    await sql`drop trigger if exists products_search on products`.execute(db);
    await sql`
      create or replace function products_search_fill() returns trigger language plpgsql as $$
      declare category text;
      begin
        select c.name into category from categories c where c.id = new.category_id;
        new.search_doc := lower(new.name || ' ' || new.brand || ' ' || coalesce(category, ''));
        new.search_tsv := setweight(to_tsvector('simple', new.name), 'A')
          || setweight(to_tsvector('simple', new.brand), 'B')
          || setweight(to_tsvector('simple', coalesce(category, '')), 'C');
        return new;
      end $$`.execute(db);
    await sql`
      create trigger products_search before insert or update of name, brand, category_id on products
      for each row execute function products_search_fill()`.execute(db);
    await sql`update products set name = name`.execute(db);
  } else {
    for (const k of ['delete', 'update', 'insert']) await sql`drop trigger if exists ${sql.id(`products_search_${k}`)}`.execute(db);
    await sql`drop table if exists products_search_terms`.execute(db);
    await sql`drop table if exists products_search`.execute(db);
    // Migrations 004 and 006's word index again.
    await sql`create virtual table products_words using fts5(name, brand, category, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')`.execute(
      db,
    );
    await sql`
      insert into products_words (rowid, name, brand, category)
      select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id`.execute(db);
    await sql`
      create trigger products_words_insert after insert on products begin
        insert into products_words (rowid, name, brand, category)
        values (new.id, new.name, new.brand, (select name from categories where id = new.category_id));
      end`.execute(db);
    await sql`
      create trigger products_words_update after update of name, brand, category_id on products begin
        delete from products_words where rowid = old.id;
        insert into products_words (rowid, name, brand, category)
        values (new.id, new.name, new.brand, (select name from categories where id = new.category_id));
      end`.execute(db);
    await sql`
      create trigger products_words_delete after delete on products begin
        delete from products_words where rowid = old.id;
      end`.execute(db);
    await sql`
      create trigger products_words_category after update of name on categories begin
        update products_words set category = new.name where rowid in (select id from products where category_id = new.id);
      end`.execute(db);
  }
  await db.schema.dropTable('search_synonyms').execute();
  for (const column of ['search_more', 'search_brand', 'search_name']) await db.schema.alterTable('products').dropColumn(column).execute();
}
