/** A bounded queue is full: the caller answers 503 with Retry-After. */
export class QueueFullError extends Error {
  constructor(readonly what: string) {
    super(`${what} queue full`);
    this.name = 'QueueFullError';
  }
}

/**
 * At most `running` tasks at once; beyond, tasks wait (at most `waiting` in all, `perClient` of one
 * client) and start in turn by client: one of each waiting client before a second of any. So one client's
 * burst delays the others by a task each, not by the burst, and a flood is refused instead of queued.
 */
export class FairQueue {
  private active = 0;
  private queued = 0;
  /** Waiting tasks by client, in turn order (a Map keeps insertion order; a served client goes last). */
  private readonly turns = new Map<string, (() => void)[]>();

  constructor(
    private readonly what: string,
    private readonly running: number,
    private readonly waiting: number,
    private readonly perClient = waiting,
  ) {}

  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      const mine = this.turns.get(client) ?? [];
      if (this.queued >= this.waiting || mine.length >= this.perClient) throw new QueueFullError(this.what);
      await new Promise<void>((resolve) => {
        mine.push(resolve);
        this.turns.set(client, mine);
        this.queued += 1;
      });
    } else this.active += 1;
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Hands the finished task's place to the first client in turn, or frees it. */
  private next(): void {
    const first = this.turns.entries().next();
    if (first.done) {
      this.active -= 1;
      return;
    }
    const [client, list] = first.value;
    const start = list.shift();
    this.turns.delete(client);
    if (list.length) this.turns.set(client, list);
    this.queued -= 1;
    start?.();
  }
}
