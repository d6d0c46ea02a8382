// `pnpm bench:api [--json <file>] [--duration <s>] [--rate <n>] [--connections <n>] [--only <scenario,…>]`
// (also `pnpm --filter @storefront/api bench`): prints p50/p99/throughput per scenario and writes the JSON
// to bench-results/api-<time>.json (or the --json path). The root `pnpm bench` runs it with --json.
import { cliArgs, listArg, numberArg } from '../lib/args.mjs';
import { saveResult } from '../lib/results.mjs';
import { formatBench, runBench } from './bench';

async function main(): Promise<void> {
  const args = cliArgs();
  const result = await runBench({
    duration: numberArg(args, 'duration', 10),
    rate: numberArg(args, 'rate', 500),
    connections: numberArg(args, 'connections', 10),
    ...(args.only ? { only: listArg(args, 'only', '') } : {}),
    log: (line) => console.log(`[bench] ${line}`),
  });
  console.log(formatBench(result));
  console.log(`[bench] figures written to ${saveResult('api', result, args.json || undefined)}`);
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
