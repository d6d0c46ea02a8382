import { activate } from '../release/activate';
import { describeThresholds, parseThresholds } from '../canary/thresholds';
import { parsePercent, startCanary } from '../release/canary';
import { OpsError } from '../state';
import { str, type Command, type Parsed, type Io } from './command';
import type { OpsContext } from '../state';

const THRESHOLD_FLAGS = ['max-error-rate', 'max-chunk-failure-rate', 'min-page-views', 'window', 'min-reporters'] as const;

async function runCanary(args: Parsed, ctx: OpsContext, { out }: Io): Promise<number> {
  const percent = parsePercent(str(args, 'canary'));
  const auto = args.values['auto-rollback'] === true;
  const given = THRESHOLD_FLAGS.filter((f) => str(args, f) !== undefined);
  if (!auto && given.length) throw new OpsError(`--${given[0]} is a threshold of --auto-rollback: add --auto-rollback`, 2);
  const thresholds = auto
    ? parseThresholds({
        errorRate: str(args, 'max-error-rate'),
        chunkFailureRate: str(args, 'max-chunk-failure-rate'),
        minPageViews: str(args, 'min-page-views'),
        windowMinutes: str(args, 'window'),
        minReporters: str(args, 'min-reporters'),
      })
    : null;
  const baseUrl = str(args, 'base-url');
  const r = await startCanary(ctx, args.positionals[0] ?? '', args.positionals[1], {
    percent,
    force: args.values.force === true,
    autoRollback: thresholds,
    ...(baseUrl ? { baseUrl } : {}),
  });
  for (const n of r.notes) out(`note: ${n}`);
  if (r.problems.length)
    out(`WARNING: started past ${r.problems.length} problem(s) (--force, recorded in history):\n  ${r.problems.join('\n  ')}`);
  out(
    `${r.section.name} ${r.canary.version} is ${r.updated ? 'now' : 'a canary'} for ${r.canary.percent} % of shoppers; the others keep ${r.live}` +
      `\n  ${thresholds ? `the host ends it by itself when ${describeThresholds(thresholds)}` : 'no auto-rollback: end it with pnpm ops rollback ' + r.section.name}` +
      `\n  watch it: pnpm ops status, pnpm ops report ${r.section.name}; make it live for everyone: pnpm ops promote ${r.section.name}`,
  );
  return 0;
}

export const activateCommand: Command = {
  usage: `  activate <section> <version> [--force] [--base-url <origin>]
                                           make a published version live (checks shared singletons
                                           against the live shell; --force overrides, recorded)
  activate <remote> <version> --canary <percent> [--auto-rollback [--max-error-rate 2]
           [--max-chunk-failure-rate 1] [--min-page-views 50] [--window 15] [--min-reporters 3]]
                                           live for that share of shoppers only (a canary); with
                                           --auto-rollback the host ends it when a rate (per cent of
                                           page views over the window) is above its threshold, with
                                           failures from at least --min-reporters client addresses`,
  options: {
    force: { type: 'boolean' },
    'base-url': { type: 'string' },
    canary: { type: 'string' },
    'auto-rollback': { type: 'boolean' },
    'max-error-rate': { type: 'string' },
    'max-chunk-failure-rate': { type: 'string' },
    'min-page-views': { type: 'string' },
    window: { type: 'string' },
    'min-reporters': { type: 'string' },
  },
  async run(args, ctx, io) {
    if (str(args, 'canary') !== undefined) return runCanary(args, ctx, io);
    const extra = ['auto-rollback', ...THRESHOLD_FLAGS].find((f) => args.values[f] !== undefined);
    if (extra) throw new OpsError(`--${extra} goes with --canary <percent>`, 2);
    const { out } = io;
    const started = process.hrtime.bigint();
    const baseUrl = str(args, 'base-url');
    const r = await activate(ctx, args.positionals[0] ?? '', args.positionals[1], {
      force: args.values.force === true,
      ...(baseUrl ? { baseUrl } : {}),
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    for (const n of r.notes) if (n !== 'already live') out(`note: ${n}`);
    if (!r.changed) {
      out(`${r.section.name} ${r.version} is already live; nothing changed`);
      return 0;
    }
    if (r.forced)
      out(
        `WARNING: activated past ${r.problems.length} compatibility problem(s) (--force, recorded in history):\n  ${r.problems.join('\n  ')}`,
      );
    const was = r.moved
      ? ` (same version, now served from ${r.entry} instead of ${r.moved.from})`
      : r.previous
        ? ` (was ${r.previous}; pnpm ops rollback ${r.section.name} returns to it)`
        : '';
    out(
      `${r.section.name} ${r.version} is live${was}` +
        `${r.entry ? `\n  entry ${r.entry}` : ''}\n  the next page load gets it (${ms.toFixed(0)} ms)`,
    );
    return 0;
  },
};
