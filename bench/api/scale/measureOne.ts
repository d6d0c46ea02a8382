// One catalogue size in one round: fresh API processes over its database, the reads, then the writes.
import { freePort, waitForHttp } from '../../lib/processes.mjs';
import { measureWrites } from './cart';
import type { Target } from './database';
import type { DbKind, ScaleOptions } from './options';
import { measureReads } from './reads';
import { startServers } from './servers';
import { urlOf, type Row, type SizeRun } from './types';

export async function measureOne(
  opts: ScaleOptions,
  at: { db: DbKind; size: number; target: Target; instances: number; round: number },
  log: (s: string) => void,
): Promise<Row[]> {
  const ports =
    opts.port !== undefined
      ? Array.from({ length: at.instances }, (_, i) => (opts.port ?? 0) + i)
      : await Promise.all(Array.from({ length: at.instances }, freePort));
  const servers = startServers(opts.apiDir, at.target, ports);
  const run: SizeRun = {
    ...at,
    first: at.round === 1,
    tag: `${at.db} ${at.size}${at.round > 1 ? ` (round ${at.round})` : ''}`,
    ports,
    apiPids: servers.map((s) => s.child.pid ?? 0).filter(Boolean),
    dbCpu: at.target.kind === 'postgres' ? { database: new URL(at.target.url).pathname.slice(1) } : false,
    opts,
    log,
    rows: [],
  };
  try {
    for (const [i, port] of ports.entries()) await waitForHttp(`${urlOf(port)}/api/openapi.json`, { ms: 120_000, started: servers[i] });
    await measureReads(run);
    await measureWrites(run);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  return run.rows;
}
