import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>. Issue 36: new searches at 200,000 products.
type Db = Kysely<unknown>;

/**
 * SQLite only (PostgreSQL has had them since 031): `products_pairs`, an FTS5 index of every pair of a
 * shown product's plain words (`search_word_pairs`, which `openDatabase` registers on each connection).
 * A search of three common words counted through `products_search` read each word's whole list of
 * entries (13,000–27,000 at 200,000 products: 0.8–1.0 ms a count); the pairs of its rarest word with each
 * other word are lists of about 1/200 of the catalogue (0.08 ms), and together hold exactly the products
 * with every word. Contentless (only the index is kept: the pairs' text would be 1.2 KB per product) with
 * `contentless_delete`, so a trigger can remove a row by its id; positions are not kept (`detail=none`).
 *
 * The triggers need the function: a write of products' words through another SQLite client fails
 * ("no such function") instead of leaving the pairs behind.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create virtual table products_pairs using fts5(pairs, content = '', contentless_delete = 1, detail = none,
    tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into products_pairs (rowid, pairs) select id, search_word_pairs(search_words) from products where hidden = 0`.execute(
    db,
  );
  // As migration 027's triggers keep products_search: shown products only.
  await sql`
    create trigger products_pairs_insert after insert on products when new.hidden = 0 begin
      insert into products_pairs (rowid, pairs) values (new.id, search_word_pairs(new.search_words));
    end`.execute(db);
  await sql`
    create trigger products_pairs_update after update of search_words, hidden on products begin
      delete from products_pairs where rowid = old.id;
      insert into products_pairs (rowid, pairs) select new.id, search_word_pairs(new.search_words) where new.hidden = 0;
    end`.execute(db);
  await sql`
    create trigger products_pairs_delete after delete on products begin
      delete from products_pairs where rowid = old.id;
    end`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const t of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`products_pairs_${t}`)}`.execute(db);
  await sql`drop table if exists products_pairs`.execute(db);
}
