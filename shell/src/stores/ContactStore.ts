import { makeAutoObservable, runInAction } from 'mobx';
import { fieldErrorsOf, messageOf, MESSAGES, withLoadState, type Api, type ContactPayload } from '@storefront/shared';

/**
 * The contact form's state (spec §3: loading, success, error, message; it can be reset), posting to
 * `/contact-us` (spec §7) through the page's API object. Messages: 'Form submitted successfully', else the
 * server's message or 'Failed to submit form' (spec §8).
 */
export class ContactStore {
  loading = false;
  success = false;
  error: string | null = null;
  message: string | null = null;
  /** Field errors the server sent back (a 400 with `errors`), shown beside their fields. */
  fieldErrors: Record<string, string> = {};

  constructor(private readonly api: Api) {
    makeAutoObservable<ContactStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Resolves to true when the message was accepted; never rejects (the state says what happened). */
  async submit(payload: ContactPayload): Promise<boolean> {
    this.reset();
    try {
      return await withLoadState(this, MESSAGES.contactFailed, async () => {
        const res = await this.api.submitContact(payload);
        if (!res) return false;
        runInAction(() => {
          this.success = true;
          this.message = messageOf(res, MESSAGES.contactSuccess);
        });
        return true;
      });
    } catch (err) {
      runInAction(() => {
        this.message = this.error;
        this.fieldErrors = fieldErrorsOf(err);
      });
      return false;
    }
  }

  reset(): void {
    this.loading = false;
    this.success = false;
    this.error = null;
    this.message = null;
    this.fieldErrors = {};
  }
}
