/**
 * The canary watch (issue 17): every CANARY_CHECK_SECONDS each host process reads the telemetry store
 * (every process's lines) and ends a canary started with --auto-rollback whose error or chunk-failure
 * rate is above its thresholds (canary/breach.ts): a conditional change of the state store, so of
 * several processes on any number of machines only one records it in history.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { HostContext } from '../context';
import type { TelemetryConfig } from '../telemetryConfig';
import { breach } from '../../canary/breach';
import { endCanary } from '../../canary/end';
import type { CanaryReader } from '../../canary/reader';
import { describeThresholds } from '../../canary/thresholds';
import type { CanaryRef } from '../../state';
import { minuteOf, readReporterTotals, type TelemetryWriter } from '../../telemetry/store';

export async function canaryWatchPlugin(
  app: FastifyInstance,
  opts: { ctx: HostContext; canaries: CanaryReader; writer: TelemetryWriter; telemetry: TelemetryConfig },
): Promise<void> {
  const { ctx, canaries, writer, telemetry } = opts;
  const { store } = ctx;
  const root = ctx.config.root;
  const reg = ctx.metrics.registry;
  const m = {
    checks: new client.Counter({
      name: 'host_canary_checks_total',
      help: 'Automatic-rollback checks this host process finished (a stalled count: the check is not running)',
      registers: [reg],
    }),
    rollbacks: new client.Counter({
      name: 'host_canary_auto_rollbacks_total',
      help: 'Canaries this host process ended by itself',
      labelNames: ['remote'],
      registers: [reg],
    }),
  };

  /** Ends the canary if its telemetry crosses its thresholds (and it is still the one measured). */
  async function judge(remote: string, canary: CanaryRef): Promise<void> {
    const t = canary.autoRollback;
    if (!t) return;
    const to = minuteOf(Date.now());
    const from = Math.max(minuteOf(Date.parse(canary.startedAt) || 0), to - t.windowMinutes + 1);
    // Capped per reporter-minute and with distinct reporters, across every process's file.
    const why = breach(await readReporterTotals(store, from, to, remote, canary.version), t);
    if (!why) return;
    const reason = `auto-rollback: ${why} (thresholds: ${describeThresholds(t)})`;
    const ended = await endCanary({ root, repo: root, store }, remote, {
      reason,
      by: `host ${os.hostname()} pid ${process.pid}`,
      expect: { version: canary.version, startedAt: canary.startedAt },
    });
    if (!ended) return; // another host process ended it first
    m.rollbacks.inc({ remote });
    app.log.warn({ remote, version: canary.version, live: ended.live, reason }, 'canary ended automatically');
    ctx.log(
      `[canary] ${remote} ${canary.version} ended automatically, every shopper is back on ${ended.live ?? 'the live version'}: ${why}`,
    );
  }

  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      // This process's own batches first, so the decision sees them.
      await writer.flush().catch((err: unknown) => app.log.error({ err }, 'telemetry: could not write the local store'));
      const { canaries: running } = await canaries.read();
      for (const [remote, canary] of Object.entries(running)) await judge(remote, canary);
      m.checks.inc();
    } catch (err) {
      app.log.error({ err }, 'canary: the automatic check failed');
    } finally {
      checking = false;
    }
  };
  const checkTimer = setInterval(() => void check(), telemetry.checkMs);
  checkTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(checkTimer);
  });
}
