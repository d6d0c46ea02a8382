import { makeAutoObservable, runInAction } from 'mobx';
import { MESSAGES, reportError, type AboutSection, type Api } from '@storefront/shared';

/** Sections of the about page (spec §7 `GET /about-us-page`, read from `result`). */
export class AboutStore {
  sections: AboutSection[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;

  constructor(private readonly api: Pick<Api, 'getAboutSections'>) {
    makeAutoObservable<AboutStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async fetch(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const res = await this.api.getAboutSections();
      if (!res) return;
      runInAction(() => {
        this.sections = Array.isArray(res.result) ? res.result : [];
      });
    } catch (err) {
      // Spec §8 names no message for this page; the generic one of the information pages.
      const message = reportError(err, MESSAGES.somethingWentWrong);
      runInAction(() => {
        this.error = message;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
        this.loaded = true;
      });
    }
  }
}
