import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../schema';
import { FIELD_TAGS } from '../../../lib/searchText';
import {
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

/** PostgreSQL (PostgresSearch): a tier with at least this many matches is read by walking the newest products. */
const DENSE_TIER = 2000;
/** PostgreSQL: how many of the newest products a search looks at first, and how many matches there make it dense (2 %). */
const PROBE = 1000;
const DENSE_PROBE = 20;
/**
 * PostgreSQL: a sparse search with fewer matches than this is counted and ranked from one read of them;
 * with more, its page is looked for among the newest (migration 034), which costs about as much as ranking
 * 2,500 more in that read (a second read of the pairs' index): 3,000 rather than 2,000 took a common,
 * spread-out search at 1,000,000 products ("everyday olive watch", 2,600 matches) from 7 to 3 ms.
 */
const SPARSE_BOUND = 3000;
/**
 * PostgreSQL: a dense search's count walks at most this many of the newest products (about 5 ms); short
 * of the cap there, its words are dense only lately and the word index counts them.
 */
export const DENSE_WALK = 10_000;

/** PostgreSQL: `search_tsv` of `search_words` (GIN; migration 010); `search_doc` substrings (pg_trgm GIN) for parts of words (migration 004). */
export class PostgresSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tsquery: quoted lexemes (letters and digits, with their field tags). */
  private query(m: Match): string {
    const of = (field: Field) =>
      m.groups
        .map((alts) => `(${alts.map((a) => `'${FIELD_TAGS[field]}${a.replace(/['\\]/g, '')}'`).join(' | ')})`)
        .join(m.all ? ' & ' : ' | ');
    return m.except ? `(${of(m.field)}) & !(${of(m.except)})` : of(m.field);
  }

  private where(m: Match, inStock: boolean | null, alias = 'p') {
    const stock =
      inStock === null
        ? sql``
        : inStock
          ? sql` and ${sql.ref(`${alias}.total_stock`)} > 0`
          : sql` and ${sql.ref(`${alias}.total_stock`)} = 0`;
    return sql`${sql.ref(`${alias}.search_tsv`)} @@ ${this.query(m)}::tsquery${stock}`;
  }

  /**
   * Runs `work` with the planner kept to the GIN index (bitmap scans): for a search's count, or a tier
   * too small to be found quickly by walking the newest products. Left to itself the planner estimates
   * a query of two common words as common, walks the primary key from the newest and, when the words
   * never meet (a tier that is empty), reads every product (160 ms at 200,000).
   */
  private bitmaps<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(trx);
      return work(trx);
    });
  }

  private async countIn(db: Kysely<Database>, m: Match, inStock: boolean | null, cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from products p where ${this.where(m, inStock)} limit ${cap}) x`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * The matches among the newest PROBE products, in stock first, newest first: what the words' density
   * is, at the same cost for any words, and often the first page itself.
   */
  private async probe(m: Match): Promise<{ id: number; in_stock: boolean }[]> {
    const r = await sql<{ id: number; in_stock: boolean }>`select r.id, r.total_stock > 0 as in_stock
      from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit ${PROBE}) r
      where r.search_tsv @@ ${this.query(m)}::tsquery order by r.total_stock > 0 desc, r.id desc`.execute(this.db);
    return r.rows;
  }

  /** The search as a tsquery of pairs of words (`search_pairs`, migration 031: `pairTokens`), or null. */
  private pairs(m: Match): string | null {
    const groups = pairTokens({ ...m, groups: m.groups.map((alts) => alts.map((a) => a.replace(/['\\]/g, ''))) });
    return groups && groups.map((tokens) => `(${tokens.map((t) => `'${t}'`).join(' | ')})`).join(' & ');
  }

  /**
   * One call of `products_search_first` (migrations 029, 031, 032): the stages in turn, each as
   * `products_search_page` did it. Dense words (DENSE_PROBE of the newest PROBE) are counted by walking the
   * newest products, unless a stage of any word (or of one word) holds a word that alone reaches the cap;
   * their in-stock name matches there are often the first page. Sparse ones are read once from a GIN index
   * (the pairs' when `pairs` can say the stage), at most SPARSE_BOUND, counted and ranked from that read.
   */
  async firstFound(
    stages: readonly Match[],
    cap: number,
    limit: number,
    offset: number,
    pageRows?: PageRows,
    known?: number,
  ): Promise<FirstFound | null> {
    if (stages.length === 0) return null;
    const of = (field: Field) => stages.map((m) => this.query({ groups: m.groups, all: m.all, field }));
    const floored = stages.map((m) => !m.all || m.groups.length === 1);
    const found = sql`products_search_first(${stages.map((m) => this.query(m))}::tsquery[], ${of('name')}::tsquery[], ${of('nameBrand')}::tsquery[],
        ${stages.map((m) => this.pairs(m))}::tsquery[], ${floored}::boolean[], ${known ?? null}::integer,
        ${PROBE}, ${DENSE_PROBE}, ${SPARSE_BOUND}, ${DENSE_WALK}, ${cap}, ${limit}, ${offset})`;
    if (!pageRows) {
      type Found = { stage: number | null; matches: number; page: number[] | null };
      const first = (await sql<Found>`select stage, matches, page from ${found}`.execute(this.db)).rows[0];
      return first && first.stage !== null ? { stage: first.stage, count: Number(first.matches), ids: first.page } : null;
    }
    // The page's rows joined to the answer (one row each; one row of nulls for none): no second round trip.
    // Each row says its place in the page rather than carrying the page (an array parsed once per row).
    type Row = { search_stage: number | null; search_matches: number; search_unpaged: boolean; search_place: number | null } & Record<
      string,
      unknown
    >;
    const r = await sql<Row>`select s.stage as search_stage, s.matches as search_matches, s.page is null as search_unpaged,
        array_position(s.page, x.id) as search_place, x.*
      from ${found} s left join lateral ${pageRows(sql<number[]>`s.page`)} x on true`.execute(this.db);
    const first = r.rows[0];
    if (!first || first.search_stage === null) return null;
    const answer: FirstFound = { stage: first.search_stage, count: Number(first.search_matches), ids: null };
    if (first.search_unpaged) return answer;
    const placed = r.rows.flatMap(({ search_stage: _s, search_matches: _m, search_unpaged: _u, search_place: place, ...row }) =>
      place === null ? [] : [{ place, row }],
    );
    placed.sort((a, b) => a.place - b.place);
    answer.rows = placed.map((p) => p.row);
    answer.ids = answer.rows.map((row) => row.id as number);
    return answer;
  }

  /**
   * Each tier: on the first page, when the newest products hold enough of its in-stock matches, those are
   * its first results. Otherwise it is counted through the GIN index (up to DENSE_TIER): an empty tier costs
   * nothing more, a small one is read whole through the index and sorted (in stock first, newest first),
   * a large one is read by walking the newest products, which finds a page after a few hundred.
   */
  async ranked(m: Match, limit: number, offset: number): Promise<number[]> {
    const ids: number[] = [];
    let skip = offset;
    for (const tier of TIERS) {
      if (ids.length >= limit) break;
      const part = { ...m, ...tier };
      const need = limit - ids.length;
      if (skip === 0) {
        const newest = (await this.probe(part)).filter((row) => row.in_stock);
        if (newest.length >= need) {
          ids.push(...newest.slice(0, need).map((row) => row.id));
          break;
        }
      }
      const size = await this.bitmaps((db) => this.countIn(db, part, null, DENSE_TIER));
      if (size === 0) continue;
      if (size < DENSE_TIER) {
        if (skip >= size) {
          skip -= size;
          continue;
        }
        const r = await this.bitmaps((db) =>
          sql<{
            id: number;
          }>`select p.id from products p where ${this.where(part, null)} order by p.total_stock > 0 desc, p.id desc limit ${need} offset ${skip}`.execute(
            db,
          ),
        );
        ids.push(...r.rows.map((row) => row.id));
        skip = 0;
        continue;
      }
      const half: TierHalf = {
        page: (x, inStock, n, from) => this.page(x, inStock, n, from),
        count: (x, inStock, cap) => this.countIn(this.db, x, inStock, cap),
      };
      const more = await tieredPage(half, part, [tier], need, skip);
      ids.push(...more.ids);
      skip = more.skip;
    }
    return ids;
  }

  private async page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]> {
    const r = await sql<{
      id: number;
    }>`select p.id from products p where ${this.where(m, inStock)} order by p.id desc limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  matching(m: Match): RawBuilder<number> {
    return sql<number>`(select s.id from products s where ${this.where(m, null, 's')})`;
  }

  private partsWhere(words: string[], alias: string): RawBuilder<unknown> {
    return sql.join(
      words.map((w) => sql`${sql.ref(`${alias}.search_doc`)} like ${`%${likeEscape(w)}%`} escape '\\'`),
      sql` and `,
    );
  }

  async partsCount(words: string[], cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from products p where ${this.partsWhere(words, 'p')} limit ${cap}) x`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]> {
    const by = ranked ? sql`similarity(p.search_doc, ${words.join(' ')}) desc, p.id desc` : sql`p.id desc`;
    const r = await sql<{
      id: number;
    }>`select p.id from products p where ${this.partsWhere(words, 'p')} order by ${by} limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  partsMatching(words: string[]): RawBuilder<number> {
    return sql<number>`(select s.id from products s where ${this.partsWhere(words, 's')})`;
  }
}
