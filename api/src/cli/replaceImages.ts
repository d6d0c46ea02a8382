// `pnpm --filter @storefront/api images:replace <slug> <file...>`: replaces a product's pictures with
// the shop owner's photos (cover first; JPEG, PNG, WebP, AVIF, TIFF or GIF). `--reset` gives the
// product its generated pictures back. Uses the API's database (DATABASE_URL, else DB_FILE) and
// IMAGE_DIR; a running API shows the new pictures within 5 s (its catalogue cache), the site on the next
// page load after that.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { createRepositories } from '../db/repositories';
import { CATEGORIES } from '../db/seed/catalogue';
import { PhotoPool } from '../images/pool';
import { ImageStore, PictureError } from '../images/store';
import { MAX_PICTURE_BYTES, ReplaceError, replaceProductPictures } from '../domain/productPictures';
import { pictureUrl } from '../images/ids';
import { systemClock } from '../lib/clock';

const USAGE = 'usage: images:replace <product-slug> <picture-file>... | images:replace --reset <product-slug>';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { reset: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  const [slug, ...files] = positionals;
  if (values.help || !slug || (values.reset ? files.length > 0 : files.length === 0)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const buffers: Buffer[] = [];
  for (const file of files) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) throw new ReplaceError(`${file}: no such file`);
    if (stat.size > MAX_PICTURE_BYTES) throw new ReplaceError(`${file}: larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    buffers.push(fs.readFileSync(file));
  }
  const config = loadConfig();
  // The API's own choice of database: a shop on PostgreSQL has its products there, not in DB_FILE.
  const db = openDatabase(config.databaseUrl ?? config.dbFile, { pgPoolSize: 1 });
  try {
    await migrate(db);
    const repos = createRepositories(db, systemClock);
    const store = new ImageStore(config.imageDir, new PhotoPool(config.photoPoolDir, () => CATEGORIES.map((c) => c.slug)));
    const ids = await replaceProductPictures(repos.catalog, store, slug, buffers);
    if (ids.length === 0) console.log(`[api] ${slug}: back to the generated pictures`);
    for (const [i, id] of ids.entries())
      console.log(`[api] ${slug} picture ${i + 1}: ${path.basename(files[i] ?? '')} → ${pictureUrl(id)}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[api] images:replace failed: ${err instanceof ReplaceError || err instanceof PictureError ? err.message : String(err)}`);
    process.exit(1);
  },
);
