import { VersionedCache } from '../src/lib/cache';

describe('VersionedCache', () => {
  it('serves a stored value until bumped or aged out', async () => {
    let now = 0;
    const cache = new VersionedCache(10, 1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through('k', load)).toBe(1);
    expect(await cache.through('k', load)).toBe(1);
    cache.bump();
    expect(await cache.through('k', load)).toBe(2);
    now = 1001;
    expect(await cache.through('k', load)).toBe(3);
  });

  it('does not store a value loaded across a bump', async () => {
    const cache = new VersionedCache(10, 1000);
    let loads = 0;
    const slow = async () => {
      loads += 1;
      cache.bump();
      return loads;
    };
    await cache.through('k', slow);
    await cache.through('k', slow);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new VersionedCache(2, 1000);
    let loads = 0;
    const load = async () => ++loads;
    await cache.through('a', load);
    await cache.through('b', load);
    await cache.through('c', load);
    await cache.through('a', load);
    expect(loads).toBe(4);
  });
});
