/**
 * The shop's search synonyms as the owner edits them (issue 36): from the back office
 * (routes/staff/search.ts) or the `synonyms` command, each change one transaction with its record of who
 * made it. A change reaches every API process's searches through the catalogue change log (no reindex).
 * No Fastify here.
 */
import { SYNONYM_MESSAGES, type SearchSynonymWire, type SynonymKindWire } from '@storefront/contract/search-synonyms';
import { SynonymEntryError } from '../db/repositories/synonyms';
import { notFound, unprocessable } from '../lib/errors';
import type { Transaction } from './cart';
import type { SettingsActor } from './shopSettings';

const SUBJECT = 'search-synonym';

export async function addSynonym(tx: Transaction, kind: SynonymKindWire, words: string, who: SettingsActor): Promise<SearchSynonymWire> {
  return tx(async (r) => {
    let id: number;
    try {
      id = await r.synonyms.add(kind, words);
    } catch (err) {
      if (err instanceof SynonymEntryError) throw unprocessable(err.message, { words: err.message });
      throw err;
    }
    const entry = { id, kind, words: words.trim() };
    await r.staff.record(who.staffId, {
      action: 'search-synonym.add',
      subjectType: SUBJECT,
      subjectId: id,
      before: null,
      after: { ...entry, by: who.by },
    });
    return entry;
  });
}

export async function removeSynonym(tx: Transaction, id: number, who: SettingsActor): Promise<SearchSynonymWire> {
  return tx(async (r) => {
    const entry = await r.synonyms.get(id);
    if (!entry || !(await r.synonyms.remove(id))) throw notFound(SYNONYM_MESSAGES.notFound);
    await r.staff.record(who.staffId, {
      action: 'search-synonym.remove',
      subjectType: SUBJECT,
      subjectId: id,
      before: entry,
      after: { by: who.by },
    });
    return entry;
  });
}
