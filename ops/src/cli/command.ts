/** The shape of one CLI command (one file each in this folder); main.ts parses with node:util parseArgs and dispatches. */
import type { OpsContext } from '../state';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export interface Parsed {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

export interface Command {
  /** Its line(s) in the usage text. */
  usage: string;
  /** Its own options (every command also takes --root, --repo and --help). */
  options: Record<string, { type: 'string' | 'boolean' }>;
  run(args: Parsed, ctx: OpsContext, io: Io): Promise<number>;
}

export const str = (args: Parsed, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
};
