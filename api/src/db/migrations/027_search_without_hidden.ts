import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issues 36 and 38.
type Db = Kysely<unknown>;

/**
 * A hidden product leaves the search indexes, and comes back when shown: every search read (page, bounded
 * total, partial and misspelt fallbacks) then sees only what a shopper can buy, without a join to
 * `products` in each of them. PostgreSQL: the fill trigger leaves `search_tsv` null and `search_doc` empty
 * for a hidden product. SQLite: the FTS5 tables' triggers skip it.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists products_search on products`.execute(db);
    await sql`
      create or replace function products_search_fill() returns trigger language plpgsql as $$
      declare category text;
      begin
        if new.hidden <> 0 then
          new.search_doc := '';
          new.search_tsv := null;
          return new;
        end if;
        select c.name into category from categories c where c.id = new.category_id;
        new.search_doc := lower(new.name || ' ' || new.brand || ' ' || coalesce(category, ''));
        new.search_tsv := to_tsvector('simple', new.search_words);
        return new;
      end $$`.execute(db);
    await sql`
      create trigger products_search before insert or update of name, brand, category_id, search_words, hidden
      on products for each row execute function products_search_fill()`.execute(db);
    await sql`update products set hidden = hidden where hidden <> 0`.execute(db);
    return;
  }
  await indexTriggers(db, 'p.hidden = 0');
  for (const t of ['products_search', 'products_fts'])
    await sql`delete from ${sql.table(t)} where rowid in (select id from products where hidden <> 0)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
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
    await sql`update products set hidden = hidden where hidden <> 0`.execute(db);
    return;
  }
  await indexTriggers(db, '1');
  for (const t of ['products_search', 'products_fts']) {
    const table = sql.table(t);
    await sql`delete from ${table} where rowid in (select id from products where hidden <> 0)`.execute(db);
  }
  await sql`
    insert into products_search (rowid, words) select id, search_words from products where hidden <> 0`.execute(db);
  await sql`
    insert into products_fts (rowid, name, brand, category)
    select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id where p.hidden <> 0`.execute(db);
}

/** SQLite: the insert and update triggers of the two FTS5 tables (migrations 004 and 010), indexing the rows `shown` keeps. */
async function indexTriggers(db: Db, shown: string): Promise<void> {
  const keep = sql.raw(shown);
  for (const t of ['products_search_insert', 'products_search_update', 'products_fts_insert', 'products_fts_update'])
    await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  await sql`
    create trigger products_search_insert after insert on products begin
      insert into products_search (rowid, words) select p.id, p.search_words from products p where p.id = new.id and ${keep};
    end`.execute(db);
  await sql`
    create trigger products_search_update after update of search_words, hidden on products begin
      delete from products_search where rowid = old.id;
      insert into products_search (rowid, words) select p.id, p.search_words from products p where p.id = new.id and ${keep};
    end`.execute(db);
  await sql`
    create trigger products_fts_insert after insert on products begin
      insert into products_fts (rowid, name, brand, category)
      select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id where p.id = new.id and ${keep};
    end`.execute(db);
  await sql`
    create trigger products_fts_update after update of name, brand, category_id, hidden on products begin
      delete from products_fts where rowid = old.id;
      insert into products_fts (rowid, name, brand, category)
      select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id where p.id = new.id and ${keep};
    end`.execute(db);
}
