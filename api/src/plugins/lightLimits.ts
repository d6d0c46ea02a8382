import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { addHits, storedKey } from './limitRows';

/** How long a process keeps hits before writing them: the most another process's view of a count lags. */
export const LIGHT_FLUSH_MS = 250;

interface Known {
  /** The shared count as the database last answered it (every process's flushed hits). */
  hits: number;
  resetAt: number;
  /** When it was read: older than LIGHT_FLUSH_MS, the next hit reads it again. */
  at: number;
}

/**
 * A cheap tier of the shared rate-limit counters for read-only look-ups (the public pincode check). The
 * database store writes one upsert per hit, a commit each (on SQLite an fsync on the API's thread): at
 * hundreds of checks a second those commits were the look-up's whole cost. Here a process adds its hits
 * up in memory and writes them as one upsert per key every LIGHT_FLUSH_MS, into the same `rate_limits`
 * rows, so the limit still holds across processes; a key's shared count is read (a read, not a commit)
 * at most once per flush interval. Another process's hits are seen at most one interval late: N
 * processes may together let through up to N × (hits one of them takes in LIGHT_FLUSH_MS) beyond `max`.
 */
export class LightCounter {
  private readonly pending = new Map<string, { hits: number; windowMs: number }>();
  private readonly known = new Map<string, Known>();
  /** Hits being written now: counted until the write's answer holds them. */
  private readonly writing = new Map<string, number>();
  private readonly reading = new Map<string, Promise<Known>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit of `key`; answers the seconds to wait when it is over `max`, else 0. */
  async hit(given: string, windowMs: number, max: number): Promise<number> {
    const key = storedKey(given);
    const now = this.clock.now();
    let known = this.known.get(key);
    if (!known || now - known.at >= LIGHT_FLUSH_MS || known.resetAt <= now) known = await this.read(key, now);
    const mine = (this.pending.get(key)?.hits ?? 0) + 1;
    this.pending.set(key, { hits: mine, windowMs });
    this.schedule();
    const total = (known.resetAt > now ? known.hits : 0) + (this.writing.get(key) ?? 0) + mine;
    if (total <= max) return 0;
    return Math.max(1, Math.ceil(((known.resetAt > now ? known.resetAt : now + windowMs) - now) / 1000));
  }

  /** Writes every pending hit now (tests, and the app's close). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [key, { hits }] of batch) this.writing.set(key, (this.writing.get(key) ?? 0) + hits);
    // A failed write (the database away) loses its hits, never the writes after it.
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write(batch));
    return this.flushing;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush().catch(() => undefined), LIGHT_FLUSH_MS);
    this.timer.unref();
  }

  /** The key's shared count; concurrent hits share one read. */
  private read(key: string, now: number): Promise<Known> {
    let reading = this.reading.get(key);
    if (!reading) {
      reading = (async () => {
        try {
          const row = await this.db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
          const known = { hits: row ? Number(row.hits) : 0, resetAt: row ? Number(row.reset_at) : 0, at: now };
          this.known.set(key, known);
          return known;
        } finally {
          this.reading.delete(key);
        }
      })();
      this.reading.set(key, reading);
    }
    return reading;
  }

  /** One upsert per key adding its hits, the window restarting when the stored one has ended. */
  private async write(batch: [string, { hits: number; windowMs: number }][]): Promise<void> {
    for (const [key, { hits, windowMs }] of batch) {
      const now = this.clock.now();
      const row = await addHits(this.db, key, hits, now, windowMs).finally(() => {
        const left = (this.writing.get(key) ?? 0) - hits;
        if (left > 0) this.writing.set(key, left);
        else this.writing.delete(key);
      });
      this.known.set(key, { hits: Number(row.hits), resetAt: Number(row.reset_at), at: now });
    }
  }
}
