/** The telemetry rate limit's counts: a row per window and key, every host process's hits added in one statement. */
import { SCHEMA } from '../migrations';
import type { StateStore } from '../types';
import type { Query } from './query';

export function pgLimits(q: Query): StateStore['countHit'] {
  return async (windowMs, windowNumber, key, hit) => {
    if (!hit) {
      const { rows } = await q<{ hits: number }>(`select hits from ${SCHEMA}.limits where window_ms = $1 and window_no = $2 and key = $3`, [
        windowMs,
        windowNumber,
        key,
      ]);
      return rows[0]?.hits ?? 0;
    }
    // One statement: concurrent hits from every host are serialised on the row, none is lost.
    const { rows } = await q<{ hits: number }>(
      `insert into ${SCHEMA}.limits (window_ms, window_no, key, hits) values ($1, $2, $3, 1)
     on conflict (window_ms, window_no, key) do update set hits = ${SCHEMA}.limits.hits + 1
     returning hits`,
      [windowMs, windowNumber, key],
    );
    if (Math.random() < 0.01)
      void q(`delete from ${SCHEMA}.limits where window_ms = $1 and window_no < $2`, [windowMs, windowNumber - 1]).catch(() => undefined);
    return rows[0]?.hits ?? 1;
  };
}
