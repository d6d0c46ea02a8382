import { makeAutoObservable } from 'mobx';
import { messageOf, whileLoading, type Api } from '@storefront/shared';

/** Shown when the server confirms without a message of its own. */
export const NEWSLETTER_SUCCESS = 'Thank you for subscribing!';
export const NEWSLETTER_FAILED = 'Could not subscribe. Please try again.';

/**
 * The footer's newsletter sign-up (spec §2: its submission is not shown; the call is
 * `POST /newsletter/subscribe`, docs/api-contract.md). Section-local state, built on the page's API object.
 */
export class NewsletterStore {
  loading = false;

  constructor(private readonly api: Api) {
    makeAutoObservable<NewsletterStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Resolves to the confirmation to show; rejects with the API's error (the caller reports it). */
  async subscribe(email: string): Promise<string | null> {
    return whileLoading(this, async () => {
      const res = await this.api.subscribeNewsletter(email.trim());
      return res ? messageOf(res, NEWSLETTER_SUCCESS) : null;
    });
  }
}
