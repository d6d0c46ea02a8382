/**
 * What the server sends. The wire types are the frontend's own (shared/src/api/types.ts, in step with
 * docs/api-contract.md): importing them, type-only, makes `pnpm typecheck` fail the moment the server's
 * answers and the client's expectations drift apart. Server-side constants of the contract live here.
 */
export type {
  AuthData, CartLine, Category, Coupon, Customer, Money, Order, OrderStatus, Product, ProductPage, SelectedVariant,
  ShippingAddress, StoreInfoFields, TrackStep, TrackedOrder, Variation, WishlistItem, CheckoutPayload, PaymentStatus, HistoryActor,
  PaymentSession,
} from '../../shared/src/api/types';
import type { OrderStatus } from '../../shared/src/api/types';

export const ORDER_STATUSES = [
  'payment_pending', 'order_placed', 'order_confirmed', 'dispatched_from_retailer', 'processed_by_wholesaler',
  'ready_for_pickup', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'payment_failed', 'payment_expired',
] as const satisfies readonly OrderStatus[];

/** Spec §4: the customer can cancel only from these. */
export const CANCELLABLE: ReadonlySet<string> = new Set<OrderStatus>([
  'order_placed', 'order_confirmed', 'dispatched_from_retailer', 'processed_by_wholesaler', 'ready_for_pickup',
]);

/** The delivery path every order walks, in order (track-order steps). */
export const DELIVERY_PATH: readonly OrderStatus[] = [
  'order_placed', 'order_confirmed', 'dispatched_from_retailer', 'processed_by_wholesaler', 'ready_for_pickup',
  'shipped', 'out_for_delivery', 'delivered',
];


/** "order_placed" → "Order Placed" (spec §4: status text is snake_case turned into Title Case words). */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
