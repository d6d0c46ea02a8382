import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Issue 16: queries that do not grow with the catalogue, and the change log several API processes read.
// Full-text search and its triggers are dialect-specific by nature, so this migration branches on the
// dialect; everything else uses the schema builder.
type Db = Kysely<unknown>;

const postgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Db): Promise<void> {
  const s = db.schema;
  const pg = postgres(db);

  // One index per filter + sort of spec §3, led by the category (the common filter). The sort key is
  // followed by id, the list's tie-breaker, so a page is a range of the index in either direction.
  await s.createIndex('products_category_price').on('products').columns(['category_id', 'display_price', 'id']).execute();
  await s.createIndex('products_category_name').on('products').columns(['category_id', 'name', 'id']).execute();
  await s.createIndex('products_name').on('products').columns(['name', 'id']).execute();
  if (pg) {
    // SQLite appends the rowid (= id) to every index entry; PostgreSQL needs id spelled out.
    await s.createIndex('products_category_created').on('products').columns(['category_id', 'created_at', 'id']).execute();
    await s.createIndex('products_created_id').on('products').columns(['created_at', 'id']).execute();
    await s.createIndex('products_price_id').on('products').columns(['display_price', 'id']).execute();
  }
  // The size filter asks "has this product a variation labelled X": answered from the index alone.
  await s.createIndex('variations_product_label').on('variations').columns(['product_id', 'label']).execute();

  // What a write changed in the catalogue, read by every API process to drop exactly the cached entries
  // it touched (lib/cache.ts). `product_id` null: the whole catalogue. `kind`: bit flags (CHANGE in cache.ts).
  await s
    .createTable('catalog_changes')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', 'integer')
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  if (pg) {
    // Words: a weighted tsvector (name A, brand B, category C) with a GIN index, matched by word
    // beginnings and ranked. Parts of words (the fallback): substrings of `search_doc`, served by a pg_trgm
    // GIN index. Both columns are kept by a trigger.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`alter table products add column search_doc text not null default ''`.execute(db);
    await sql`alter table products add column search_tsv tsvector`.execute(db);
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
    await sql`
      create or replace function categories_search_touch() returns trigger language plpgsql as $$
      begin
        update products set name = name where category_id = new.id;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger categories_search after update of name on categories
      for each row execute function categories_search_touch()`.execute(db);
    await sql`update products set name = name`.execute(db);
    await sql`create index products_search_words on products using gin (search_tsv)`.execute(db);
    await sql`create index products_search_trgm on products using gin (search_doc gin_trgm_ops)`.execute(db);
  } else {
    // SQLite FTS5, two indexes of name, brand and category; rowid = product id. Words (unicode61, with
    // prefix indexes): matched by word beginnings, ranked by bm25. Parts of words (the fallback): the
    // trigram tokenizer, substrings of three or more characters, case-insensitive.
    await sql`create virtual table products_words using fts5(name, brand, category, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(
      db,
    );
    await sql`create virtual table products_fts using fts5(name, brand, category, tokenize = 'trigram')`.execute(db);
    for (const t of ['products_words', 'products_fts']) {
      const table = sql.table(t);
      await sql`
        insert into ${table} (rowid, name, brand, category)
        select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id`.execute(db);
      await sql`
        create trigger ${sql.id(`${t}_insert`)} after insert on products begin
          insert into ${table} (rowid, name, brand, category)
          values (new.id, new.name, new.brand, (select name from categories where id = new.category_id));
        end`.execute(db);
      await sql`
        create trigger ${sql.id(`${t}_update`)} after update of name, brand, category_id on products begin
          delete from ${table} where rowid = old.id;
          insert into ${table} (rowid, name, brand, category)
          values (new.id, new.name, new.brand, (select name from categories where id = new.category_id));
        end`.execute(db);
      await sql`
        create trigger ${sql.id(`${t}_delete`)} after delete on products begin
          delete from ${table} where rowid = old.id;
        end`.execute(db);
      await sql`
        create trigger ${sql.id(`${t}_category`)} after update of name on categories begin
          update ${table} set category = new.name where rowid in (select id from products where category_id = new.id);
        end`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  const pg = postgres(db);
  if (pg) {
    await sql`drop trigger if exists categories_search on categories`.execute(db);
    await sql`drop trigger if exists products_search on products`.execute(db);
    await sql`drop function if exists categories_search_touch()`.execute(db);
    await sql`drop function if exists products_search_fill()`.execute(db);
    await sql`drop index if exists products_search_trgm`.execute(db);
    await sql`drop index if exists products_search_words`.execute(db);
    await sql`alter table products drop column if exists search_tsv`.execute(db);
    await sql`alter table products drop column if exists search_doc`.execute(db);
    for (const i of ['products_category_created', 'products_created_id', 'products_price_id'])
      await db.schema.dropIndex(i).ifExists().execute();
  } else {
    for (const t of ['products_words', 'products_fts']) {
      for (const k of ['category', 'delete', 'update', 'insert']) await sql`drop trigger if exists ${sql.id(`${t}_${k}`)}`.execute(db);
      await sql`drop table if exists ${sql.table(t)}`.execute(db);
    }
  }
  await db.schema.dropTable('catalog_changes').ifExists().execute();
  for (const i of ['variations_product_label', 'products_name', 'products_category_name', 'products_category_price'])
    await db.schema.dropIndex(i).ifExists().execute();
}
