/** canary.json as the files store keeps it, and the canaries of any store made well-formed. */
import path from 'node:path';
import { readJsonFile } from './jsonFiles';
import { CANARY_FILE } from './layout';
import type { CanaryFile } from './types';

/** canary.json, tolerant: unreadable or malformed entries mean no canary (everyone gets the live version). */
export async function readCanaryFile(root: string): Promise<CanaryFile> {
  let raw: Partial<CanaryFile> | null = null;
  try {
    raw = await readJsonFile<Partial<CanaryFile>>(path.join(root, CANARY_FILE));
  } catch {
    raw = null;
  }
  return cleanCanaries(raw);
}

/** Keeps only well-formed canaries (a file or row from an older layout, a hand edit). */
export function cleanCanaries(raw: Partial<CanaryFile> | null | undefined): CanaryFile {
  const canaries: CanaryFile['canaries'] = {};
  for (const [name, c] of Object.entries(raw?.canaries ?? {})) {
    if (c && typeof c.version === 'string' && typeof c.entry === 'string' && typeof c.percent === 'number') canaries[name] = c;
  }
  return { schema: 1, canaries };
}
