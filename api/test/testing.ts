// The test support the benchmarks reuse (`@storefront/api/testing`): an app over a fresh database and the
// search relevance table, so bench/api/relevance.ts prints the shares of the same table the tests check.
export { makeApp, ok, post } from './helpers';
export { RELEVANCE, judge } from './support/relevance';
