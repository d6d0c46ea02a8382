import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { get, makeApp, ok, onPostgres, runScript, type TestApp } from './helpers';
import type { Product } from '@storefront/contract';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await makeApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-cli-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('images:replace', () => {
  it('changes the pictures in the database the API uses: DATABASE_URL when set, else DB_FILE', async () => {
    const row = await t.db.selectFrom('products').select(['slug']).orderBy('id').offset(4).limit(1).executeTakeFirstOrThrow();
    const before = ok(await get<Product>(t.app, `/single-product-details/${row.slug}`));
    const file = path.join(dir, 'photo.png');
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#2e7d32' } })
      .png()
      .toFile(file);
    // On PostgreSQL a DB_FILE is set too, somewhere empty: the command must not fall back to it.
    const database: NodeJS.ProcessEnv = onPostgres
      ? { DATABASE_URL: t.config.databaseUrl ?? '', DB_FILE: path.join(dir, 'not-the-shop.sqlite') }
      : { DB_FILE: t.config.dbFile };
    const { code, out } = await runScript('src/cli/replaceImages.ts', [row.slug, file], {
      NODE_ENV: 'development',
      IMAGE_DIR: path.join(dir, 'images'),
      ...database,
    });
    expect(out).toContain(`${row.slug} picture 1: photo.png`);
    expect(code).toBe(0);
    const stored = await t.db.selectFrom('products').select('images').where('slug', '=', row.slug).executeTakeFirstOrThrow();
    expect(stored.images).toMatch(/\S/);
    // The running API learns of it through the catalogue change log.
    let cover = before.cover_image;
    for (let i = 0; i < 60 && cover === before.cover_image; i += 1) {
      cover = ok(await get<Product>(t.app, `/single-product-details/${row.slug}`)).cover_image;
      if (cover === before.cover_image) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(cover).not.toBe(before.cover_image);
  });
});
