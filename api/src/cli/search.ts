// The shop's search synonyms (docs/search.md) on the configured database (DB_FILE or DATABASE_URL), as the
// back office's "Search synonyms" page edits them, for scripts. (`search` alone is pnpm's own registry
// search: hence these script names.) Each change is recorded as made by `cli:<user>`.
//   pnpm --filter @storefront/api synonyms                                   list the table
//   pnpm --filter @storefront/api synonyms add same "sari, saree"            words that mean the same
//   pnpm --filter @storefront/api synonyms add includes "red: maroon, wine"  the first word also finds the others
//   pnpm --filter @storefront/api synonyms remove <id>
//   pnpm --filter @storefront/api search-reindex                           write every product's search words again
import os from 'node:os';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import { createRepositories } from '../db/repositories';
import { SynonymRepository } from '../db/repositories/synonyms';
import type { Transaction } from '../domain/cart';
import { addSynonym, removeSynonym } from '../domain/searchSynonyms';
import { AppError } from '../lib/errors';
import { systemClock } from '../lib/clock';

const USAGE = 'usage: synonyms [add same|includes "<words>" | remove <id>] | search-reindex';

async function main(): Promise<void> {
  const [command, action, ...rest] = process.argv.slice(2);
  const { db } = await prepareDatabase({ ...loadConfig(), seedProducts: 0 });
  const synonyms = new SynonymRepository(db);
  const tx: Transaction = (work) => db.transaction().execute((trx) => work(createRepositories(trx, systemClock)));
  const who = { by: `cli:${os.userInfo().username}`, staffId: null };
  try {
    if (command === 'reindex') {
      console.log(`[api] search words written again for ${await synonyms.reindex()} products`);
    } else if (command === 'synonyms' && action === undefined) {
      for (const s of await synonyms.list()) console.log(`${String(s.id).padStart(4)}  ${s.kind.padEnd(8)}  ${s.words}`);
    } else if (command === 'synonyms' && action === 'add' && (rest[0] === 'same' || rest[0] === 'includes') && rest[1]) {
      const entry = await addSynonym(tx, rest[0], rest.slice(1).join(' '), who);
      console.log(`[api] added synonyms entry ${entry.id}`);
    } else if (command === 'synonyms' && action === 'remove' && /^\d+$/.test(rest[0] ?? '')) {
      await removeSynonym(tx, Number(rest[0]), who);
      console.log(`[api] removed synonyms entry ${rest[0]}`);
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('[api] search:', err instanceof Error ? err.message : err);
  // A refused entry or an id with no entry (4xx) is the caller's to fix: 1; anything else 2.
  process.exit(err instanceof AppError && err.statusCode < 500 ? 1 : 2);
});
