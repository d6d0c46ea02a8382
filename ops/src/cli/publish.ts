import { publish } from '../release/publish';
import { str, type Command } from './command';

export const publishCommand: Command = {
  usage: `  publish <section> [--from <distDir>]     copy the newest production build (or <distDir>) into the
                                           deploy root as a new version; never overwrites one`,
  options: { from: { type: 'string' } },
  async run(args, ctx, { out }) {
    const from = str(args, 'from');
    const r = await publish(ctx, args.positionals[0] ?? '', from ? { from } : {});
    out(
      `published ${r.section.name} ${r.version}\n  from ${r.from}\n  to   ${r.dir}\nmake it live: pnpm ops activate ${r.section.name} ${r.version}`,
    );
    if (r.dropped.length)
      out(`note: left out ${r.dropped.length} precompressed file(s) that no longer match their file: ${r.dropped.join(', ')}`);
    return 0;
  },
};
