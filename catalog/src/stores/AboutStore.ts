import { makeAutoObservable, runInAction } from 'mobx';
import { MESSAGES, reportLoad, type AboutSection, type Api } from '@storefront/shared';

/** Sections of the about page (spec §7 `GET /about-us-page`, read from `result`). */
export class AboutStore {
  sections: AboutSection[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;

  constructor(private readonly api: Pick<Api, 'getAboutSections'>) {
    makeAutoObservable<AboutStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Spec §8 names no message for this page: a failure toasts the generic one of the information pages. */
  async fetch(): Promise<void> {
    await reportLoad(this, MESSAGES.somethingWentWrong, async () => {
      const res = await this.api.getAboutSections();
      if (!res) return;
      runInAction(() => {
        this.sections = Array.isArray(res.result) ? res.result : [];
      });
    });
  }
}
