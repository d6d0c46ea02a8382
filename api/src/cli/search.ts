// The shop's search synonyms (docs/search.md) on the configured database (DB_FILE or DATABASE_URL), until
// the back office edits them. (`search` alone is pnpm's own registry search: hence these script names.)
//   pnpm --filter @storefront/api synonyms                                   list the table
//   pnpm --filter @storefront/api synonyms add same "sari, saree"            words that mean the same
//   pnpm --filter @storefront/api synonyms add includes "red: maroon, wine"  the first word also finds the others
//   pnpm --filter @storefront/api synonyms remove <id>
//   pnpm --filter @storefront/api search-reindex                           write every product's search words again
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import { SynonymRepository } from '../db/repositories/synonyms';

const USAGE = 'usage: synonyms [add same|includes "<words>" | remove <id>] | search-reindex';

async function main(): Promise<void> {
  const [command, action, ...rest] = process.argv.slice(2);
  const { db } = await prepareDatabase({ ...loadConfig(), seedProducts: 0 });
  const synonyms = new SynonymRepository(db);
  try {
    if (command === 'reindex') {
      console.log(`[api] search words written again for ${await synonyms.reindex()} products`);
    } else if (command === 'synonyms' && action === undefined) {
      for (const s of await synonyms.list()) console.log(`${String(s.id).padStart(4)}  ${s.kind.padEnd(8)}  ${s.words}`);
    } else if (command === 'synonyms' && action === 'add' && (rest[0] === 'same' || rest[0] === 'includes') && rest[1]) {
      console.log(`[api] added synonyms entry ${await synonyms.add(rest[0], rest.slice(1).join(' '))}`);
    } else if (command === 'synonyms' && action === 'remove' && /^\d+$/.test(rest[0] ?? '')) {
      const removed = await synonyms.remove(Number(rest[0]));
      console.log(removed ? `[api] removed synonyms entry ${rest[0]}` : `[api] no synonyms entry ${rest[0]}`);
      if (!removed) process.exitCode = 1;
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
  process.exit(1);
});
