/**
 * A change of the PostgreSQL store is one transaction: the state row locked (`for update`), edited,
 * written back with its history lines, and `NOTIFY`ed at commit; a process killed in the middle leaves
 * nothing (the server rolls its transaction back when the connection drops).
 */
import type pg from 'pg';
import { runChange } from '../change';
import { inTransaction, SCHEMA } from '../migrations';
import { registryFromState, stateFrom, type OpsState } from '../opsState';
import { cleanCanaries } from '../canaryFile';
import type { CanaryFile, StateStore } from '../types';
import { CHANNEL } from './query';

export function pgChange(pool: pg.Pool, migrated: () => Promise<void>): StateStore['change'] {
  return async (fn) => {
    await migrated();
    return inTransaction(pool, async (client) => {
      // The row lock serialises changes from every process: the next one reads what this one wrote.
      const { rows } = await client.query<{ state: OpsState; canaries: CanaryFile }>(
        `select state, canaries from ${SCHEMA}.state where id = 1 for update`,
      );
      const state = stateFrom(rows[0]?.state);
      const canaries = cleanCanaries(rows[0]?.canaries);
      const run = await runChange(state, canaries, fn);
      const changed = run.stateChanged || run.canariesChanged;
      const lines = run.lines;
      if (changed) {
        state.updatedAt = new Date().toISOString();
        await client.query(
          `update ${SCHEMA}.state set state = $1::jsonb, canaries = $2::jsonb, registry = $3::jsonb, revision = revision + 1, updated_at = now() where id = 1`,
          [JSON.stringify(state), JSON.stringify(canaries), JSON.stringify(registryFromState(state))],
        );
      }
      if (lines.length)
        await client.query(
          `insert into ${SCHEMA}.history (at, record) select (r->>'at')::timestamptz, r from jsonb_array_elements($1::jsonb) with ordinality as t(r, n) order by n`,
          [JSON.stringify(lines)],
        );
      // Delivered at commit to every listening host, and not at all if the transaction rolls back.
      if (changed) await client.query(`notify ${CHANNEL}`);
      return run.result;
    });
  };
}
