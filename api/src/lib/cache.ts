/**
 * A small read-through cache for catalogue reads, invalidated as a whole by `bump()` whenever stock or
 * prices change (checkout, cancel, failed payment). Entries also age out after `ttlMs`, which bounds how
 * long an edit made behind the API's back (a manual SQL update) can stay invisible.
 */
export class VersionedCache {
  private version = 0;
  private readonly entries = new Map<string, { version: number; at: number; value: unknown }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  bump(): void {
    this.version += 1;
    this.entries.clear();
  }

  /** The cached value of `key`, or `load()`'s, stored unless the catalogue changed while loading. */
  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === this.version && this.now() - hit.at <= this.ttlMs) return hit.value as T;
    const version = this.version;
    const value = await load();
    if (version === this.version) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { version, at: this.now(), value });
    }
    return value;
  }
}
