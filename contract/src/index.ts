/**
 * `@storefront/contract`: what the packages agree on, in one dependency-free place — the wire types of
 * spec §3/§7, the numbers and lists of §4/§9, the route table and link builders of §2, and the shapes
 * the edge host and the shell exchange, the picture id format, the client network an address counts as. Every package imports contracts from here (the browser through
 * `@storefront/shared`'s re-exports); nothing here imports anything.
 */
export * from './wire';
export * from './rules';
export * from './routes';
export * from './deploy';
export * from './seam';
export * from './images';
export * from './telemetry';
export * from './staff';
export * from './fulfilment';
export * from './network';
export * from './delivery';
export * from './cod';
export * from './gst';
export * from './shopSettings';
export * from './searchSynonyms';
