// `pnpm --filter @storefront/api bench [-- --json <file>] [--duration <s>] [--rate <n>] [--connections <n>] [--only <scenario,…>]`
// Prints p50/p99/throughput per scenario and writes the JSON to bench-results/ (or the --json path).
// The root `pnpm bench` can import `runBench` from ./bench or run this with --json.
import path from 'node:path';
import { formatBench, runBench } from './bench';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = path.resolve(arg('json') ?? path.join(__dirname, '..', 'bench-results', `api-${stamp}.json`));
  const num = (name: string) => (arg(name) !== undefined ? Number(arg(name)) : undefined);
  const result = await runBench({
    json,
    duration: num('duration'),
    rate: num('rate'),
    connections: num('connections'),
    ...(arg('only') ? { only: (arg('only') ?? '').split(',') } : {}),
    log: (line) => console.log(`[bench] ${line}`),
  });
  console.log(formatBench(result));
  console.log(`[bench] figures written to ${json}`);
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
