import { formatHistory, history } from '../release/history';
import type { Command } from './command';

export const historyCommand: Command = {
  usage: `  history [<section>] [--json]             every change, oldest first`,
  options: { json: { type: 'boolean' } },
  async run(args, ctx, { out }) {
    const recs = await history(ctx, args.positionals[0]);
    out(args.values.json === true ? JSON.stringify(recs, null, 2) : formatHistory(recs));
    return 0;
  },
};
