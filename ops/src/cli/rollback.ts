import { rollback } from '../release/rollback';
import { endCanary } from '../canary/end';
import { resolveSection } from '../state';
import type { Command } from './command';

export const rollbackCommand: Command = {
  usage: `  rollback <section>                       back to the previously live version (repeatable);
                                           while a canary runs: ends the canary (the live version stays)`,
  options: {},
  async run(args, ctx, { out }) {
    const started = process.hrtime.bigint();
    const section = resolveSection(args.positionals[0]);
    const ended = await endCanary(ctx, section.name, { reason: 'ended by an operator (pnpm ops rollback)' });
    if (ended) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      out(
        `ended the canary of ${section.name} ${ended.version} (${ended.percent} %) (${ms.toFixed(0)} ms); every shopper's next page load gets ${ended.live ?? 'the live version'}`,
      );
      return 0;
    }
    const r = await rollback(ctx, section.name);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    out(
      `rolled back ${r.section.name}: ${r.from} → ${r.to} (${ms.toFixed(0)} ms); the next page load gets ${r.to}` +
        `\n  last-known-good is now ${r.lastKnownGood ?? 'none'}`,
    );
    if (r.problems.length) out(`WARNING: ${r.to} no longer matches the live shell:\n  ${r.problems.join('\n  ')}`);
    if (r.lacking.length)
      out(`WARNING: ${r.lacking.length} host(s) do not hold ${r.to} in their deploy root; publish it there:\n  ${r.lacking.join('\n  ')}`);
    return 0;
  },
};
