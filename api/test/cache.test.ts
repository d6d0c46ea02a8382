import { CHANGE, CatalogCache, type CatalogChange } from '../src/lib/cache';

describe('CatalogCache', () => {
  it('serves a stored value until it ages out', async () => {
    let now = 0;
    const cache = new CatalogCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through('k', 0, load)).toBe(1);
    expect(await cache.through('k', 0, load)).toBe(1);
    now = 1001;
    expect(await cache.through('k', 0, load)).toBe(2);
  });

  it('drops the entries showing a changed product and those depending on what changed, nothing else', async () => {
    const cache = new CatalogCache({ maxEntries: 10, ttlMs: 60_000 });
    const loads: Record<string, number> = {};
    const load = (key: string, products: number[], kinds = 0) =>
      cache.through(
        key,
        kinds,
        async () => ({ n: (loads[key] = (loads[key] ?? 0) + 1), products }),
        (v) => v.products,
      );
    await load('page-with-7', [7, 8]);
    await load('page-without-7', [1, 2]);
    await load('in-stock-list', [3], CHANGE.AVAILABILITY);
    await load('price-sorted', [4], CHANGE.PRICE);
    cache.invalidate([{ product_id: 7, kind: CHANGE.STOCK }]);
    await load('page-with-7', [7, 8]);
    await load('page-without-7', [1, 2]);
    await load('in-stock-list', [3], CHANGE.AVAILABILITY);
    await load('price-sorted', [4], CHANGE.PRICE);
    expect(loads).toEqual({ 'page-with-7': 2, 'page-without-7': 1, 'in-stock-list': 1, 'price-sorted': 1 });
    cache.invalidate([{ product_id: 9, kind: CHANGE.STOCK | CHANGE.AVAILABILITY }]);
    await load('in-stock-list', [3], CHANGE.AVAILABILITY);
    await load('price-sorted', [4], CHANGE.PRICE);
    expect(loads['in-stock-list']).toBe(2);
    expect(loads['price-sorted']).toBe(1);
    cache.invalidate([{ product_id: null, kind: CHANGE.ALL }]);
    await load('page-without-7', [1, 2]);
    expect(loads['page-without-7']).toBe(2);
  });

  it('reads the change log of other processes, at most every pollMs, each change once', async () => {
    let now = 0;
    const log: CatalogChange[] = [{ id: 1, product_id: 5, kind: CHANGE.STOCK }];
    let reads = 0;
    const cache = new CatalogCache({ maxEntries: 10, ttlMs: 60_000, pollMs: 100, now: () => now });
    cache.readFrom(async (afterId, limit) => {
      reads += 1;
      if (afterId === null) return log.slice(-1);
      return log.filter((c) => c.id > afterId).slice(0, limit);
    });
    let loads = 0;
    const load = () =>
      cache.through(
        'details-5',
        0,
        async () => ++loads,
        () => [5],
      );
    expect(await load()).toBe(1);
    log.push({ id: 2, product_id: 5, kind: CHANGE.STOCK });
    expect(await load()).toBe(1); // not polled yet
    now = 100;
    expect(await load()).toBe(2); // polled: change 2 dropped it
    now = 200;
    expect(await load()).toBe(2); // change 2 is not applied twice
    expect(reads).toBe(3);
  });

  it('does not store a value loaded across an invalidation', async () => {
    const cache = new CatalogCache({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const slow = async () => {
      loads += 1;
      cache.invalidate([{ product_id: 1, kind: CHANGE.STOCK }]);
      return loads;
    };
    await cache.through('k', 0, slow);
    await cache.through('k', 0, slow);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest; 0 keeps nothing', async () => {
    const cache = new CatalogCache({ maxEntries: 2, ttlMs: 1000 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.through('a', 0, load);
    await cache.through('b', 0, load);
    await cache.through('c', 0, load);
    await cache.through('a', 0, load);
    expect(loads).toBe(4);
    const off = new CatalogCache({ maxEntries: 0, ttlMs: 1000 });
    await off.through('a', 0, load);
    await off.through('a', 0, load);
    expect(loads).toBe(6);
  });
});

describe('CatalogCache loads', () => {
  it('shares one load between concurrent misses of a key', async () => {
    const cache = new CatalogCache({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const values = await Promise.all([cache.count('n', 0, load), cache.count('n', 0, load), cache.count('n', 0, load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });
});
