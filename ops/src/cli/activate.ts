import { activate } from '../commands';
import { str, type Command } from './command';

export const activateCommand: Command = {
  usage: `  activate <section> <version> [--force] [--base-url <origin>]
                                           make a published version live (checks shared singletons
                                           against the live shell; --force overrides, recorded)`,
  options: { force: { type: 'boolean' }, 'base-url': { type: 'string' } },
  async run(args, ctx, { out }) {
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
    if (r.forced) out(`WARNING: activated past ${r.problems.length} compatibility problem(s) (--force, recorded in history):\n  ${r.problems.join('\n  ')}`);
    const was = r.moved
      ? ` (same version, now served from ${r.entry} instead of ${r.moved.from})`
      : r.previous
        ? ` (was ${r.previous}; pnpm ops rollback ${r.section.name} returns to it)`
        : '';
    out(`${r.section.name} ${r.version} is live${was}` + `${r.entry ? `\n  entry ${r.entry}` : ''}\n  the next page load gets it (${ms.toFixed(0)} ms)`);
    return 0;
  },
};
