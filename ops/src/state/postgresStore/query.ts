/** What the PostgreSQL store's parts share: the query function (migrating first), the channel, the connect timeout. */
import type pg from 'pg';

export const CHANNEL = 'storefront_ops_changed';
export const CONNECT_TIMEOUT_MS = 2000;

export type Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;
