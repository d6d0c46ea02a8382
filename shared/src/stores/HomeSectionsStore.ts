import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Api } from '../api/Api';
import { withLoadState } from './loadState';
import type { HomeSections } from '../api/types';
import { MESSAGES } from '../messages';

/**
 * Home sections (spec §7 `/home-page-sections`), kept at the root because spec §4 persists them with
 * the session: a returning shopper sees the last banners at once while fresh ones load.
 */
export class HomeSectionsStore {
  data: HomeSections | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly api: Api) {
    // Replaced whole, never changed in place: held by reference, so the same answer given again (a
    // hydrated home's own effect) changes nothing and renders nothing again.
    makeAutoObservable<HomeSectionsStore, 'api'>(this, { api: false, data: observableRef }, { autoBind: true });
  }

  hydrate(data: HomeSections | null | undefined): void {
    if (data && Array.isArray(data.banners) && Array.isArray(data.sections)) this.data = data;
  }

  clear(): void {
    this.data = null;
    this.error = null;
  }

  async fetch(): Promise<void> {
    await withLoadState(this, MESSAGES.homeSectionsFailed, async () => {
      const res = await this.api.getHomeSections();
      runInAction(() => {
        if (res?.result) this.data = res.result;
      });
    });
  }
}
