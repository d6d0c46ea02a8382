import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState } from '@storefront/shared';
import type { SearchSynonymsApi, SearchSynonymWire, SynonymKindWire } from '@storefront/shared/staff';

/** The owner's search synonyms page (issue 36): the table as the API keeps it, refreshed after each change. */
export class SearchSynonymsStore {
  synonyms: SearchSynonymWire[] | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly api: SearchSynonymsApi) {
    makeAutoObservable<SearchSynonymsStore, 'api'>(this, { api: false, synonyms: observableRef }, { autoBind: true });
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the search synonyms', async () => {
      const res = answered(await this.api.list());
      runInAction(() => (this.synonyms = res.data?.synonyms ?? []));
    });
  }

  /** Rejects with the API's field errors (`words`, `kind`) for the form when the entry is refused. */
  async add(kind: SynonymKindWire, words: string): Promise<void> {
    answered(await this.api.add(kind, words.trim()));
    await this.load();
  }

  async remove(id: number): Promise<void> {
    answered(await this.api.remove(id));
    await this.load();
  }
}
