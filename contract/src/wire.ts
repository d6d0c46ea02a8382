/**
 * Wire types of the storefront API, in step with `docs/api-contract.md` and the API server's OpenAPI
 * document, one file per area. Money travels as strings with two decimals in rupees ("1299.00").
 */
export type { HistoryActor, OrderStatus, PaymentMethod, PaymentStatus } from './rules';
export * from './store';
export * from './products';
export * from './cart';
export * from './account';
export * from './orders';
