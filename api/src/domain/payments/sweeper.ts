import type { PaymentLog, PaymentService } from './service';

/**
 * Runs in every API process: expires unpaid checkouts whose hold ended and retries refunds the provider
 * has not accepted yet. Safe with several processes at once because the service's changes are conditional
 * updates; one pass at a time per process (a slow pass is not overlapped by the next tick).
 */
export class PaymentSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly service: PaymentService,
    private readonly log: PaymentLog,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.timer || this.everyMs <= 0) return;
    this.timer = setInterval(() => void this.pass(), this.everyMs);
    this.timer.unref();
  }

  /** One pass; resolves when done (tests call it directly). */
  pass(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.service.expireDue();
        await this.service.retryRefunds();
      } catch (err) {
        this.log.error({ err: (err as Error).message }, 'payment sweeper pass failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
