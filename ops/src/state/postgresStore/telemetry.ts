/** Telemetry lines as rows (every writer's), and the reporter key as a setting made once per store. */
import { randomBytes } from 'node:crypto';
import { SCHEMA } from '../migrations';
import type { StateStore, TelemetryLine } from '../types';
import type { Query } from './query';

export function pgTelemetry(q: Query): Pick<StateStore, 'addTelemetry' | 'readTelemetry' | 'pruneTelemetry' | 'reporterKey'> {
  return {
    async addTelemetry(lines) {
      if (!lines.length) return;
      await q(
        `insert into ${SCHEMA}.telemetry (minute, remote, version, line)
         select (l->>'m')::int, l->>'r', l->>'v', l from jsonb_array_elements($1::jsonb) l`,
        [JSON.stringify(lines)],
      );
    },
    async readTelemetry(fromMinute, toMinute) {
      const { rows } = await q<{ line: TelemetryLine }>(`select line from ${SCHEMA}.telemetry where minute between $1 and $2`, [
        fromMinute,
        toMinute,
      ]);
      return rows.map((r) => r.line);
    },
    async pruneTelemetry(beforeMinute) {
      await q(`delete from ${SCHEMA}.telemetry where minute < $1`, [beforeMinute]);
    },
    async reporterKey() {
      const made = randomBytes(32).toString('hex');
      await q(`insert into ${SCHEMA}.settings (name, value) values ('reporter_key', $1) on conflict (name) do nothing`, [made]);
      const { rows } = await q<{ value: string }>(`select value from ${SCHEMA}.settings where name = 'reporter_key'`);
      return Buffer.from(rows[0]?.value ?? made, 'hex');
    },
  };
}
