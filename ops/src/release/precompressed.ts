/**
 * Precompressed files (`<file>.br`, `<file>.gz`, written by the production build) are served in place of
 * the file itself, so one that no longer matches its file — a build edited after it was compressed, a
 * partial copy — would serve old code. Publishing checks every pair and drops the ones that differ.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  '.br': promisify(zlib.brotliDecompress),
  '.gz': promisify(zlib.gunzip),
};

/** Removes the precompressed files below `dir` that are not exactly their file compressed; gives their paths (relative). */
export async function dropStalePrecompressed(dir: string): Promise<string[]> {
  const dropped: string[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const ext = path.extname(entry.name);
    const decode = decoders[ext];
    if (!entry.isFile() || !decode) continue;
    const file = path.join(entry.parentPath, entry.name);
    const original = file.slice(0, -ext.length);
    const [packed, plain] = await Promise.all([fs.readFile(file), fs.readFile(original).catch(() => null)]);
    const same =
      plain !== null &&
      (await decode(packed).then(
        (b) => b.equals(plain),
        () => false,
      ));
    if (!same) {
      await fs.rm(file);
      dropped.push(path.relative(dir, file));
    }
  }
  return dropped.sort();
}
