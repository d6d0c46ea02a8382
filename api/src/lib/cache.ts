/**
 * The catalogue cache (issue 16): read-through, per API process, invalidated by what a write touched.
 * Every catalogue write logs its change (`catalog_changes`: a product id and the CHANGE flags below); each
 * process reads the log at most every `pollMs` and drops the entries that show the product or depend on
 * what changed; entries age out after `ttlMs` whatever happens. Why and measured: docs/performance.md
 * ("The catalogue at 200,000 products").
 */

/** What a change touched, as bit flags (stored in `catalog_changes.kind`). */
export const CHANGE = {
  /** A stock count changed, the product stays available or not as before. */
  STOCK: 1,
  /** A product became available or sold out. */
  AVAILABILITY: 2,
  /** The price a product shows changed. */
  PRICE: 4,
  /** Anything: products added, removed or renamed. Drops every entry. */
  ALL: 8,
} as const;

export interface CatalogChange {
  id: number;
  product_id: number | null;
  kind: number;
}

/**
 * Reads the change log: the changes after `afterId` in id order (at most `limit`), or, when `afterId` is
 * null, only the newest one (where a fresh process starts).
 */
export type ChangeSource = (afterId: number | null, limit: number) => Promise<CatalogChange[]>;

interface Entry {
  generation: number;
  at: number;
  value: unknown;
  products: number[];
  kinds: number;
}

export interface CatalogCacheOptions {
  /** Entries of pages and details; 0 turns that part off (the benchmark's "cache defeated"). */
  maxEntries: number;
  /** Entries of list totals (one per filter, shared by its pages). */
  maxCounts?: number;
  ttlMs: number;
  /** How often the change log is read; 0: before every read (tests). */
  pollMs?: number;
  now?: () => number;
}

/** PostgreSQL may commit change rows out of id order: each read looks this many ids back. */
const LOOKBACK = 200;
const BATCH = 1000;

class Store {
  readonly entries = new Map<string, Entry>();
  private readonly byProduct = new Map<number, Set<string>>();

  constructor(readonly max: number) {}

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: Entry): void {
    if (this.max <= 0) return;
    this.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, entry);
    for (const id of entry.products) {
      let keys = this.byProduct.get(id);
      if (!keys) this.byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of entry.products) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byProduct.clear();
  }

  /** Drops what a change touched; true when anything may have changed. */
  apply(change: Pick<CatalogChange, 'product_id' | 'kind'>): void {
    if (change.product_id === null || change.kind & CHANGE.ALL) {
      this.clear();
      return;
    }
    for (const key of [...(this.byProduct.get(change.product_id) ?? [])]) this.delete(key);
    for (const [key, entry] of [...this.entries]) if (entry.kinds & change.kind) this.delete(key);
  }
}

export class CatalogCache {
  /** Bumped by every applied change: a value loaded across one is not stored. */
  private generation = 0;
  private readonly pages: Store;
  private readonly counts: Store;
  private readonly ttlMs: number;
  private readonly countTtlMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  private source: ChangeSource | null = null;
  private lastId: number | null = null;
  private readonly seen = new Set<number>();
  private lastPoll = -Infinity;
  private polling: Promise<void> | null = null;
  /** Loads under way: concurrent misses of one key share one query (a count over 26k rows, say). */
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();

  constructor(opts: CatalogCacheOptions) {
    this.pages = new Store(opts.maxEntries);
    this.counts = new Store(opts.maxCounts ?? Math.max(opts.maxEntries, 2000));
    this.ttlMs = opts.ttlMs;
    // Totals change only with the catalogue's shape, and every such change is in the log: they may live longer.
    this.countTtlMs = opts.ttlMs * 10;
    this.pollMs = opts.pollMs ?? 0;
    this.now = opts.now ?? Date.now;
  }

  /** Where the database's change log is read; without one, only this process's own writes invalidate. */
  readFrom(source: ChangeSource): void {
    this.source = source;
  }

  /** Drops at once what a write of this process touched (the log carries it to the other processes). */
  invalidate(changes: Pick<CatalogChange, 'product_id' | 'kind'>[]): void {
    if (changes.length === 0) return;
    this.generation += 1;
    for (const c of changes) {
      this.pages.apply(c);
      this.counts.apply(c);
    }
  }

  /** Clears everything (a bulk import, a test). */
  clear(): void {
    this.generation += 1;
    this.pages.clear();
    this.counts.clear();
  }

  /**
   * The cached value of `key`, or `load()`'s, stored unless the catalogue changed while loading.
   * `kinds`: the CHANGE flags that invalidate this entry whichever product changed; `productsOf`: the
   * products the value shows.
   */
  through<T>(key: string, kinds: number, load: () => Promise<T>, productsOf: (value: T) => number[] = () => []): Promise<T> {
    return this.read(this.pages, key, kinds, load, productsOf);
  }

  /**
   * A value that changes only with the catalogue's shape (the search synonyms, the words a search was
   * read as): kept with the totals, which stay on when the page cache is off.
   */
  lasting<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.read(this.counts, key, 0, load, () => []);
  }

  /** A list total, kept per filter (every page of a filter shares it). */
  count(key: string, kinds: number, load: () => Promise<number>): Promise<number> {
    return this.read(this.counts, key, kinds, load, () => []);
  }

  private async read<T>(store: Store, key: string, kinds: number, load: () => Promise<T>, productsOf: (value: T) => number[]): Promise<T> {
    if (store.max <= 0) return load();
    await this.sync();
    const hit = store.get(key);
    if (hit && this.now() - hit.at <= (store === this.counts ? this.countTtlMs : this.ttlMs)) return hit.value as T;
    const flightKey = `${store === this.counts ? 'c' : 'p'}:${key}`;
    const generation = this.generation;
    const pending = this.loading.get(flightKey);
    // Only a load that started after the last change can answer for now.
    if (pending && pending.generation === generation) return pending.promise as Promise<T>;
    const promise = load().then((value) => {
      if (generation === this.generation) store.set(key, { generation, at: this.now(), value, products: productsOf(value), kinds });
      return value;
    });
    this.loading.set(flightKey, { generation, promise });
    try {
      return await promise;
    } finally {
      if (this.loading.get(flightKey)?.promise === promise) this.loading.delete(flightKey);
    }
  }

  /** Reads the change log when `pollMs` has passed; concurrent readers share one read. */
  private sync(): Promise<void> {
    if (!this.source) return Promise.resolve();
    if (this.polling) return this.polling;
    if (this.now() - this.lastPoll < this.pollMs) return Promise.resolve();
    const source = this.source;
    this.polling = (async () => {
      try {
        if (this.lastId === null) {
          const newest = await source(null, 1);
          this.lastId = newest[0]?.id ?? 0;
          return;
        }
        const changes = await source(Math.max(0, this.lastId - LOOKBACK), BATCH);
        const fresh = changes.filter((c) => !this.seen.has(c.id));
        for (const c of fresh) {
          this.seen.add(c.id);
          if (c.id > this.lastId) this.lastId = c.id;
        }
        if (changes.length >= BATCH) this.clear();
        else this.invalidate(fresh);
        for (const id of this.seen) if (id < this.lastId - 2 * LOOKBACK) this.seen.delete(id);
      } finally {
        this.lastPoll = this.now();
        this.polling = null;
      }
    })();
    return this.polling;
  }
}
