// The scale bench's command line (docs/performance.md "Catalogue scale" shows a run):
//   pnpm bench:scale [--sizes 1000,20000,200000] [--db sqlite,postgres] [--pg <admin URL> (or TEST_DATABASE_URL)]
//     [--duration 5] (s flat out) [--paced-seconds 20] [--rate 500] [--connections 10] [--instances 2]
//     [--dir <folder for the SQLite files>] [--rounds 3] [--no-priority] [--keep] [--api-dir <api folder>]
//     [--calls list,search rare,add-to-cart,checkout race] [--report <json of a run>] [--balance least|turn]
//     [--no-grow] (implies --keep) [--pg-prefix sf_scale] [--json <file>] [--port <first API port>]
import { cliArgs, fromInvocation, listArg, numberArg } from '../../lib/args.mjs';
import { API_DIR } from '../../lib/apiServer.mjs';

export type DbKind = 'sqlite' | 'postgres';

export interface ScaleOptions {
  sizes: number[];
  dbs: DbKind[];
  /** Seconds of each flat-out run. */
  duration: number;
  /**
   * Seconds of each paced run: 10,000 answers at 500/s make the p99 the 100th slowest. Over 5 s (2,500
   * answers) one 60-ms pause of the machine, about 20 answers over 25 ms, was most of the 25 that set it.
   */
  pacedSeconds: number;
  rate: number;
  connections: number;
  rounds: number;
  /** API processes on PostgreSQL (SQLite: one). */
  instances: number;
  apiDir: string;
  pgUrl: string | undefined;
  pgPrefix: string;
  keep: boolean;
  /** A folder for the SQLite files (kept), else a temporary one. */
  dir: string | undefined;
  grow: boolean;
  priority: boolean;
  /** How paced requests are shared between API processes: as the host does, or in turn. */
  balance: 'least' | 'turn';
  /** `--calls a,b`: measure only these calls (one call without the rest's half hour). */
  calls: string[] | undefined;
  /** First API port (P, P+1, …), else free ports. */
  port: number | undefined;
  report: string | undefined;
  json: string | undefined;
}

export function scaleOptions(argv = process.argv.slice(2)): ScaleOptions {
  const args = cliArgs(argv);
  const file = (name: string) => (args[name] ? fromInvocation(args[name]) : undefined);
  return {
    sizes: listArg(args, 'sizes', '1000,20000,200000').map(Number),
    dbs: listArg(args, 'db', 'sqlite,postgres') as DbKind[],
    duration: numberArg(args, 'duration', 5),
    pacedSeconds: numberArg(args, 'paced-seconds', 20),
    rate: numberArg(args, 'rate', 500),
    connections: numberArg(args, 'connections', 10),
    rounds: Math.max(1, numberArg(args, 'rounds', 3)),
    instances: numberArg(args, 'instances', 2),
    apiDir: file('api-dir') ?? API_DIR,
    pgUrl: args.pg || process.env.TEST_DATABASE_URL,
    pgPrefix: args['pg-prefix'] || 'sf_scale',
    keep: 'keep' in args,
    dir: file('dir'),
    grow: !('no-grow' in args),
    priority: !('no-priority' in args),
    balance: args.balance === 'turn' ? 'turn' : 'least',
    calls: args.calls ? listArg(args, 'calls', '') : undefined,
    port: args.port ? Number(args.port) : undefined,
    report: file('report'),
    json: args.json || undefined,
  };
}

/** Whether `call` is measured in this run (`--calls`). */
export const measured = (opts: ScaleOptions, call: string) => !opts.calls || opts.calls.includes(call);
