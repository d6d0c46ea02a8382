// The API's entry point for the benchmarks (`@storefront/api/bench`, bench/api/): just the insides they
// drive directly — the database, the repositories, the seed's pincode list and the invoice renderer —
// so that bench/ never imports the API by a path into its files.
export { isPostgres, openDatabase } from './db/database';
export { createRepositories } from './db/repositories';
export { CatalogRepository, type ProductQuery } from './db/repositories/catalog';
export type { InvoiceRow } from './db/repositories/invoices';
export { generatePincodeCsv } from './db/seed/pincodes';
export { loadPincodes } from './domain/delivery';
export { renderInvoicePdf } from './domain/invoicePdf';
export { CatalogCache } from './lib/cache';
export { systemClock } from './lib/clock';
