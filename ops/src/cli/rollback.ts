import { rollback } from '../commands';
import type { Command } from './command';

export const rollbackCommand: Command = {
  usage: `  rollback <section>                       back to the previously live version (repeatable)`,
  options: {},
  async run(args, ctx, { out }) {
    const started = process.hrtime.bigint();
    const r = await rollback(ctx, args.positionals[0] ?? '');
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    out(`rolled back ${r.section.name}: ${r.from} → ${r.to} (${ms.toFixed(0)} ms); the next page load gets ${r.to}` + `\n  last-known-good is now ${r.lastKnownGood ?? 'none'}`);
    if (r.problems.length) out(`WARNING: ${r.to} no longer matches the live shell:\n  ${r.problems.join('\n  ')}`);
    return 0;
  },
};
