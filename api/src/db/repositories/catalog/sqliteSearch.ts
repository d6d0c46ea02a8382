import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../schema';
import { FIELD_TAGS } from '../../../lib/searchText';
import {
  NOTHING,
  TIERS,
  likeEscape,
  pairTokens,
  tieredPage,
  type Field,
  type FirstFound,
  type Match,
  type PageRows,
  type Search,
  type TierHalf,
} from './searchIndex';

/** Words shorter than three letters cannot use a trigram index: they only narrow what the others found. */
const MIN_INDEXED = 3;
const isIndexed = (word: string) => [...word].length >= MIN_INDEXED;

/** SQLite: FTS5 `products_search` of `search_words` (migration 010); `products_fts` (trigram) for parts of words (migration 004). */
export class SqliteSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  /** The FTS5 query: quoted words (letters and digits, with their field tags), never malformed. */
  private expr(m: Match): string {
    const of = (field: Field) =>
      m.groups
        .map((alts) => `(${alts.map((a) => `"${FIELD_TAGS[field]}${a.replace(/"/g, '""')}"`).join(' OR ')})`)
        .join(m.all ? ' AND ' : ' OR ');
    return m.except ? `(${of(m.field)}) NOT (${of(m.except)})` : of(m.field);
  }

  private stock(inStock: boolean | null) {
    return inStock === null ? sql`` : inStock ? sql` and p.total_stock > 0` : sql` and p.total_stock = 0`;
  }

  /**
   * The matches counted up to the cap; on the first page, the newest in-stock name matches, which are the
   * page whenever there are a page of them (what `ranked` reads first too); else, for fewer matches than
   * the cap, all of them ranked (TIERS) in one statement instead of a page and a count per tier half.
   * Separate statements: FTS5 does a query's work when its scan starts, so a part of one statement
   * guarded by a condition would still read its words.
   */
  async firstFound(
    stages: readonly Match[],
    cap: number,
    limit: number,
    offset: number,
    _rows?: PageRows,
    known?: number,
  ): Promise<FirstFound | null> {
    // In turn, the page's rows read afterwards: a statement here is a call into the process's own SQLite,
    // not a round trip.
    for (const [stage, m] of stages.entries()) {
      const { count, ids } = await this.countPage(m, cap, limit, offset, known);
      if (count > 0) return { stage, count, ids };
    }
    return null;
  }

  private async countPage(
    m: Match,
    cap: number,
    limit: number,
    offset: number,
    known?: number,
  ): Promise<{ count: number; ids: number[] | null }> {
    const pairs = this.pairs(m);
    if (pairs !== null) {
      const count =
        known ??
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from (
              select rowid from products_pairs where products_pairs match ${pairs} limit ${cap})`.execute(this.db)
          ).rows[0]?.n ?? 0,
        );
      if (count === 0) return { count, ids: [] };
      // The newest in-stock name matches first: a page of them is the page, where ranking every match
      // costs a few ms for the many hundred of two common words ("white wallet": 859 at 200,000, 4.6 ms).
      const newest = offset === 0 ? await this.newestNamed(m, limit) : null;
      if (newest) return { count, ids: newest };
      if (count < cap) return { count, ids: await this.pairsRanked(m, pairs, limit, offset) };
      return { count, ids: await this.unnamedPage(m, pairs, limit, offset) };
    }
    const count = known ?? (await this.countIn(m, null, cap));
    if (count === 0) return { count, ids: [] };
    const newest = offset === 0 ? await this.newestNamed(m, limit) : null;
    if (newest) return { count, ids: newest };
    if (count >= cap) return { count, ids: null };
    const of = (field: Field) => sql`(select rowid from products_search where products_search match ${this.expr({ ...m, field })})`;
    const r = await sql<{ id: number }>`
      select m.rowid as id from products_search m cross join products p on p.id = m.rowid
      where m.products_search match ${this.expr(m)}
      order by case when m.rowid in ${of('name')} then 0 when m.rowid in ${of('nameBrand')} then 1 else 2 end,
        p.total_stock > 0 desc, m.rowid desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return { count, ids: r.rows.map((row) => row.id) };
  }

  /** The search as an FTS5 query of `products_pairs` (migration 033: `pairTokens`), or null. */
  private pairs(m: Match): string | null {
    const groups = pairTokens(m);
    return groups && groups.map((tokens) => `(${tokens.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')})`).join(' AND ');
  }

  /** A page of the newest in-stock name matches when there is a whole page of them, else null. */
  private async newestNamed(m: Match, limit: number): Promise<number[] | null> {
    const newest = await this.page({ groups: m.groups, all: m.all, field: 'name' }, true, limit, 0);
    return newest.length === limit ? newest : null;
  }

  /**
   * When no product holds the words in its name, category or brand ("leather wallet": leather only in the
   * descriptions), every match is in the last tier, in stock first, newest first: the page is read from the
   * pairs' index in id order, where the tier-by-tier read took six statements (5 ms at 200,000 products).
   * Null when that cannot say it: some are named, or the in-stock ones end before the page does.
   */
  private async unnamedPage(m: Match, pairs: string, limit: number, offset: number): Promise<number[] | null> {
    const named =
      await sql`select 1 from products_search where products_search match ${this.expr({ ...m, field: 'nameBrand' })} limit 1`.execute(
        this.db,
      );
    if (named.rows.length > 0) return null;
    const r = await sql<{ id: number }>`
      select m.rowid as id from products_pairs m cross join products p on p.id = m.rowid
      where m.products_pairs match ${pairs} and p.total_stock > 0 order by m.rowid desc limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.length === limit ? r.rows.map((row) => row.id) : null;
  }

  /**
   * Every match of `pairs` (fewer than the cap) ranked in one statement, its tier (TIERS) read from each
   * row's own indexed words: a few hundred rows, where the word index would read each word's whole list.
   */
  private async pairsRanked(m: Match, pairs: string, limit: number, offset: number): Promise<number[]> {
    const has = (field: Field) =>
      sql.join(
        m.groups.map(
          (alts) =>
            sql`(${sql.join(
              alts.map((a) => sql`instr(' ' || p.search_words || ' ', ${` ${FIELD_TAGS[field]}${a} `}) > 0`),
              sql` or `,
            )})`,
        ),
        sql` and `,
      );
    const r = await sql<{ id: number }>`
      select m.rowid as id from products_pairs m cross join products p on p.id = m.rowid
      where m.products_pairs match ${pairs}
      order by case when ${has('name')} then 0 when ${has('nameBrand')} then 1 else 2 end, p.total_stock > 0 desc, m.rowid desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  async ranked(m: Match, limit: number, offset: number): Promise<number[]> {
    const half: TierHalf = {
      page: (x, inStock, n, skip) => this.page(x, inStock, n, skip),
      count: (x, inStock, cap) => this.countIn(x, inStock, cap),
    };
    return (await tieredPage(half, m, TIERS, limit, offset)).ids;
  }

  private async countIn(m: Match, inStock: boolean | null, cap: number): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from (
      select products_search.rowid from products_search ${inStock === null ? sql`` : sql`join products p on p.id = products_search.rowid`}
      where products_search match ${this.expr(m)}${this.stock(inStock)} limit ${cap})`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  private async page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]> {
    const r = await sql<{
      id: number;
    }>`select products_search.rowid as id from products_search join products p on p.id = products_search.rowid
      where products_search match ${this.expr(m)}${this.stock(inStock)} order by products_search.rowid desc limit ${limit} offset ${offset}`.execute(
      this.db,
    );
    return r.rows.map((row) => row.id);
  }

  matching(m: Match): RawBuilder<number> {
    return sql<number>`(select rowid from products_search where products_search match ${this.expr(m)})`;
  }

  private partsWhere(words: string[]): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    const long = words.filter(isIndexed);
    if (long.length) parts.push(sql`products_fts match ${long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ')}`);
    for (const w of words.filter((x) => !isIndexed(x))) {
      const like = `%${likeEscape(w)}%`;
      parts.push(sql`(name like ${like} escape '\\' or brand like ${like} escape '\\' or category like ${like} escape '\\')`);
    }
    return parts.length ? sql.join(parts, sql` and `) : NOTHING;
  }

  async partsCount(words: string[], cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select rowid from products_fts where ${this.partsWhere(words)} limit ${cap})`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]> {
    const by = ranked ? sql`bm25(products_fts, 3.0, 2.0, 1.0), rowid desc` : sql`rowid desc`;
    const r = await sql<{
      id: number;
    }>`select rowid as id from products_fts where ${this.partsWhere(words)} order by ${by} limit ${limit} offset ${offset}`.execute(
      this.db,
    );
    return r.rows.map((row) => row.id);
  }

  partsMatching(words: string[]): RawBuilder<number> {
    return sql<number>`(select rowid from products_fts where ${this.partsWhere(words)})`;
  }
}
