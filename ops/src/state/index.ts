/**
 * Which state store a command or host uses: PostgreSQL when OPS_DATABASE_URL names one, else the deploy
 * root's files (types.ts says what each holds).
 */
import { fileStore } from './files';
import { isPostgresUrl, postgresStore } from './postgres';
import type { StateStore } from './types';

export type * from './types';
export { fileStore, storeAt } from './files';
export { writerName } from './fileStore/telemetry';
export { readCanaryFile } from './canaryFile';
export { postgresStore, redactUrl } from './postgres';
export * from './sections';
export * from './layout';
export * from './jsonFiles';
export * from './opsState';
export * from './history';
export * from './lock';
export * from './registry';
export * from './compat';
export * from './semver';
export * from './text';
export * from './context';
export * from './thresholds';

export function openStore(root: string, env: NodeJS.ProcessEnv = process.env, opts: { log?: (line: string) => void } = {}): StateStore {
  const url = env.OPS_DATABASE_URL?.trim();
  if (!url) return fileStore(root);
  if (!isPostgresUrl(url)) throw new Error(`OPS_DATABASE_URL must be a postgres:// URL (got "${url.replace(/:[^:@/]*@/, ':***@')}")`);
  // Besides LISTEN, how often a host asks for the state's revision: a notification lost across a
  // reconnect, a connection dead without a word. 1 s by default.
  const check = Number(env.OPS_STATE_CHECK_SECONDS);
  if (env.OPS_STATE_CHECK_SECONDS?.trim() && !(Number.isFinite(check) && check > 0))
    throw new Error(`OPS_STATE_CHECK_SECONDS must be a positive number (got "${env.OPS_STATE_CHECK_SECONDS}")`);
  return postgresStore(url, { ...opts, ...(check > 0 ? { probeMs: check * 1000 } : {}) });
}
