import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { writeSearchWords } from '../searchWords';
import { DEFAULT_SYNONYMS } from '../seed/synonyms';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: search that finds what shoppers type.
type Db = Kysely<unknown>;

const postgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * - products.search_words: the product's words as lib/searchText.ts normalises them, with the field tags
 *   of the name and brand words, written by whoever writes a product (db/searchWords.ts). Indexed by
 *   SQLite FTS5 `products_search` and PostgreSQL `search_tsv` (its GIN index is migration 004's).
 * - search_terms: every plain word of the catalogue with how many products hold it: what spelling
 *   tolerance corrects to, and which word of a search to read first.
 * - search_synonyms: the shop's synonyms, spellings and colour families, seeded with the Indian defaults.
 *
 * The parts-of-words index of migration 004 (FTS5 trigram, pg_trgm) stays: the last fallback.
 */
export async function up(db: Db): Promise<void> {
  const pg = postgres(db);
  await db.schema
    .alterTable('products')
    .addColumn('search_words', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('products', 'integer', (c) => c.notNull().defaultTo(0))
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
        new.search_tsv := to_tsvector('simple', new.search_words);
        return new;
      end $$`.execute(db);
    await sql`
      create trigger products_search before insert or update of name, brand, category_id, search_words
      on products for each row execute function products_search_fill()`.execute(db);
  } else {
    for (const k of ['category', 'delete', 'update', 'insert'])
      await sql`drop trigger if exists ${sql.id(`products_words_${k}`)}`.execute(db);
    await sql`drop table if exists products_words`.execute(db);
    await sql`create virtual table products_search using fts5(words, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    await sql`
      create trigger products_search_insert after insert on products begin
        insert into products_search (rowid, words) values (new.id, new.search_words);
      end`.execute(db);
    await sql`
      create trigger products_search_update after update of search_words on products begin
        delete from products_search where rowid = old.id;
        insert into products_search (rowid, words) values (new.id, new.search_words);
      end`.execute(db);
    await sql`
      create trigger products_search_delete after delete on products begin
        delete from products_search where rowid = old.id;
      end`.execute(db);
  }
  // The products already there (a shop upgrading): normalised here, indexed by the triggers.
  await writeSearchWords(db);
}

export async function down(db: Db): Promise<void> {
  if (postgres(db)) {
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
  await db.schema.dropTable('search_terms').execute();
  await db.schema.alterTable('products').dropColumn('search_words').execute();
}
