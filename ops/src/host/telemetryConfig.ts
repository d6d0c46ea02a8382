/** The telemetry and canary-watch settings of a host (docs/operators.md § Automatic rollback lists them). */
export interface TelemetryConfig {
  enabled: boolean;
  /** Batches per client address per minute, across every host process on the state store. */
  rateLimit: number;
  flushMs: number;
  checkMs: number;
}

/**
 * TELEMETRY=off, TELEMETRY_RATE_LIMIT (600), TELEMETRY_FLUSH_SECONDS (5), CANARY_CHECK_SECONDS (15).
 * The limit is generous on purpose: Indian mobile networks put many shoppers behind one carrier-grade
 * NAT address, and a shopper sends a batch or two per page. It stops a flood; the canary decision does
 * not rely on it (the trust model in docs/operators.md).
 */
export function readTelemetryConfig(env: NodeJS.ProcessEnv): TelemetryConfig {
  const positive = (name: string, dflt: number) => {
    const raw = env[name]?.trim();
    if (!raw) return dflt;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
    return n;
  };
  return {
    enabled: env.TELEMETRY !== 'off',
    rateLimit: Math.floor(positive('TELEMETRY_RATE_LIMIT', 600)),
    flushMs: positive('TELEMETRY_FLUSH_SECONDS', 5) * 1000,
    checkMs: positive('CANARY_CHECK_SECONDS', 15) * 1000,
  };
}
