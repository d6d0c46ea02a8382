import { HOST_SEEN_MS } from '../release/activate';
import { formatHosts, formatStatus, status } from '../release/status';
import { formatTelemetryStatus, telemetryStatus } from '../canary/report';
import { OpsError } from '../state';
import { str, type Command } from './command';

export const statusCommand: Command = {
  usage: `  status [--window 15] [--json]            every section: live, canary, last-known-good, published
                                           versions; browser telemetry per live and canary version`,
  options: { json: { type: 'boolean' }, window: { type: 'string' } },
  async run(args, ctx, { out }) {
    const raw = str(args, 'window') ?? '15';
    const minutes = Number(raw);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 48 * 60)
      throw new OpsError(`--window takes minutes, 1 to ${48 * 60} (got "${raw}")`, 2);
    const rows = await status(ctx);
    const telemetry = await telemetryStatus(ctx, minutes);
    // On the shared store: the host processes heard from, and what each lacks of what is live.
    const hosts = ctx.store?.kind === 'postgres' ? await ctx.store.hosts(HOST_SEEN_MS) : null;
    if (args.values.json !== true) {
      out(
        `${formatStatus(rows, ctx.root, ctx.store)}${hosts ? `\n\n${formatHosts(hosts, rows)}` : ''}\n\n${formatTelemetryStatus(telemetry, minutes)}`,
      );
      return 0;
    }
    const sections = rows.map((r) => {
      const t = telemetry.find((x) => x.remote === r.section.name);
      return {
        name: r.section.name,
        live: r.live,
        canary: t?.canary ?? null,
        lastKnownGood: r.lastKnownGood,
        rollbackSteps: r.rollbackSteps,
        serverRendered: r.serverRendered,
        versions: r.versions,
        telemetry: t?.versions ?? [],
      };
    });
    out(
      JSON.stringify(
        { root: ctx.root, store: ctx.store?.where ?? ctx.root, windowMinutes: minutes, sections, ...(hosts ? { hosts } : {}) },
        null,
        2,
      ),
    );
    return 0;
  },
};
