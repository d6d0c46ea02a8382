/** What every operator command works on: the deploy root, the workspace, and where the state lives. */
import { fileStore } from './files';
import type { StateStore } from './types';

export interface OpsContext {
  /** The deploy root. */
  root: string;
  /** The workspace root (where `<folder>/dist/` builds are found). */
  repo: string;
  /** Where the state lives (ops/src/state): the deploy root's files when absent. */
  store?: StateStore;
}

/** The context's state store: its own, or the deploy root's files. */
export function storeOf(ctx: OpsContext): StateStore {
  return (ctx.store ??= fileStore(ctx.root));
}
