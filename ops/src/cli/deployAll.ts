import { deployAll } from '../release/deployAll';
import type { Command } from './command';

export const deployAllCommand: Command = {
  usage: `  deploy-all                               publish and activate each section's newest build (npm start)`,
  options: {},
  async run(_args, ctx, { out, err }) {
    const r = await deployAll(ctx);
    for (const l of r.lines) out(`[ops] ${l}`);
    for (const f of r.failures) err(`[ops] ${f}`);
    return r.failures.length ? 1 : 0;
  },
};
