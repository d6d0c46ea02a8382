import { PostgresAdapter, sql, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

const postgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Issue 16: a search word is matched as a word beginning (`"watch"*`). With prefix indexes of 2 and 3
 * characters only, FTS5 answered a 5-letter word by merging the lists of every indexed word that begins
 * with it: 1–3 ms per common word at 200,000 products, most of a search request. Prefix indexes up to 6
 * characters hold those lists merged already (0.02–0.08 ms); words of 7 or more letters have few
 * continuations. The index is rebuilt from the products; the triggers of migration 004 (on `products`
 * and `categories`) keep writing to it by name. PostgreSQL's GIN index needs nothing.
 */
async function rebuildWords(db: Db, prefix: string): Promise<void> {
  if (postgres(db)) return;
  await sql`drop table if exists products_words`.execute(db);
  await sql`create virtual table products_words using fts5(name, brand, category, tokenize = 'unicode61 remove_diacritics 2', prefix = ${sql.raw(`'${prefix}'`)})`.execute(
    db,
  );
  await sql`
    insert into products_words (rowid, name, brand, category)
    select p.id, p.name, p.brand, c.name from products p join categories c on c.id = p.category_id`.execute(db);
}

export async function up(db: Db): Promise<void> {
  await rebuildWords(db, '2 3 4 5 6');
}

export async function down(db: Db): Promise<void> {
  await rebuildWords(db, '2 3');
}
