/** The time source of the app; tests pass one they can move to check expiry (OTP, sessions, coupons). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.parse('2026-01-15T10:00:00.000Z')) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const iso = (ms: number) => new Date(ms).toISOString();
