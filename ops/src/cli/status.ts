import { formatStatus, status } from '../commands';
import type { Command } from './command';

export const statusCommand: Command = {
  usage: `  status [--json]                          every section: live, last-known-good, published versions`,
  options: { json: { type: 'boolean' } },
  async run(args, ctx, { out }) {
    const rows = await status(ctx);
    if (args.values.json !== true) {
      out(formatStatus(rows, ctx.root));
      return 0;
    }
    const sections = rows.map((r) => ({
      name: r.section.name,
      live: r.live,
      lastKnownGood: r.lastKnownGood,
      rollbackSteps: r.rollbackSteps,
      serverRendered: r.serverRendered,
      versions: r.versions,
    }));
    out(JSON.stringify({ root: ctx.root, sections }, null, 2));
    return 0;
  },
};
