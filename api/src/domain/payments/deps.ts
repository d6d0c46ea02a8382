import type { Repositories } from '../../db/repositories';
import type { PaymentConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import type { InvoiceIssuer } from '../invoices';
import type { PaymentProvider } from './provider';

/** Who or what caused a change, written in the order's history (issue 14). */
export const ACTOR = {
  customer: (id: number) => `customer:${id}`,
  checkout: 'gateway:checkout',
  webhook: 'gateway:webhook',
  testProvider: 'provider:test',
  holdExpiry: 'system:hold-expiry',
  refundRetry: 'system:refund-retry',
} as const;

export interface PaymentLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

export interface PaymentDeps {
  repos: Repositories;
  tx<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  clock: Clock;
  /** Null when the shop takes cash on delivery only (PAYMENT_PROVIDER=none). */
  provider: PaymentProvider | null;
  config: PaymentConfig;
  log: PaymentLog;
  /** Tax invoices for orders paid, credit notes for paid orders cancelled (issue 39). */
  invoices: InvoiceIssuer;
}

/** What settling a gateway payment came to. */
export type SettleResult =
  | { kind: 'paid'; paymentId: string }
  | { kind: 'already'; paymentId: string }
  | { kind: 'late'; paymentId: string }
  | { kind: 'mismatch'; paymentId: string }
  | { kind: 'not-captured'; paymentId: string; status: string }
  | { kind: 'unknown' };

/** Every price in the shop is in rupees (spec §9). */
export const PAYMENT_CURRENCY = 'INR';
