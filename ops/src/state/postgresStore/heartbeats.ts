/** Which versions each host process holds (its heartbeat), so `ops activate` can check every host has them. */
import { SCHEMA } from '../migrations';
import type { HostSeen, StateStore } from '../types';
import type { Query } from './query';

export function pgHeartbeats(q: Query): Pick<StateStore, 'reportHost' | 'hosts' | 'forgetHost'> {
  return {
    async reportHost(r) {
      await q(
        `insert into ${SCHEMA}.hosts (id, hostname, pid, root, versions, seen_at) values ($1, $2, $3, $4, $5::jsonb, now())
         on conflict (id) do update set versions = excluded.versions, seen_at = now()`,
        [r.id, r.hostname, r.pid, r.root, JSON.stringify(r.versions)],
      );
      // Hosts that stopped without a word (killed, a machine gone) are forgotten after a day.
      if (Math.random() < 0.01) await q(`delete from ${SCHEMA}.hosts where seen_at < now() - interval '1 day'`);
    },
    async hosts(withinMs) {
      const { rows } = await q<{
        id: string;
        hostname: string;
        pid: number;
        root: string;
        versions: Record<string, string[]>;
        seen_at: Date;
      }>(
        `select id, hostname, pid, root, versions, seen_at from ${SCHEMA}.hosts where seen_at > now() - make_interval(secs => $1) order by hostname, pid`,
        [withinMs / 1000],
      );
      return rows.map((r): HostSeen => ({
        id: r.id,
        hostname: r.hostname,
        pid: r.pid,
        root: r.root,
        versions: r.versions,
        seenAt: r.seen_at.toISOString(),
      }));
    },
    async forgetHost(id) {
      await q(`delete from ${SCHEMA}.hosts where id = $1`, [id]);
    },
  };
}
