import { promote } from '../release/canary';
import type { Command } from './command';

export const promoteCommand: Command = {
  usage: `  promote <remote> [--force]               the running canary becomes the live version for everyone`,
  options: { force: { type: 'boolean' } },
  async run(args, ctx, { out }) {
    const r = await promote(ctx, args.positionals[0] ?? '', { force: args.values.force === true });
    if (r.problems.length)
      out(
        `WARNING: promoted past ${r.problems.length} compatibility problem(s) (--force, recorded in history):\n  ${r.problems.join('\n  ')}`,
      );
    out(`${r.section.name} ${r.version} is live for every shopper (was ${r.previous}; pnpm ops rollback ${r.section.name} returns to it)`);
    return 0;
  },
};
