import { formatReport, report } from '../canary/report';
import { OpsError } from '../state';
import { str, type Command } from './command';

export const reportCommand: Command = {
  usage: `  report <remote> [--window 15] [--json]   the canary against the live version, side by side
                                           (page views, error and chunk-failure rates, Web Vitals p75)`,
  options: { window: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, ctx, { out }) {
    const raw = str(args, 'window') ?? '15';
    const minutes = Number(raw);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 48 * 60)
      throw new OpsError(`--window takes minutes, 1 to ${48 * 60} (got "${raw}")`, 2);
    const r = await report(ctx, args.positionals[0] ?? '', minutes);
    out(args.values.json === true ? JSON.stringify(r, null, 2) : formatReport(r));
    return 0;
  },
};
