import { promises as fs } from 'node:fs';

/** A build's JSON file (ssr-assets.json, mf-manifest.json), or null when missing or unreadable: a render degrades, never fails on it. */
export async function readBuildJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
