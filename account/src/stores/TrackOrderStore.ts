import { makeAutoObservable, runInAction } from 'mobx';
import type { Api, TrackedOrder } from '@storefront/shared';

/** Public order tracking (spec §7 /customer/track-order): works for guests. */
export class TrackOrderStore {
  result: TrackedOrder | null = null;
  trackNo = '';
  loading = false;
  error: unknown = null;

  constructor(private readonly api: Pick<Api, 'trackOrder'>) {
    makeAutoObservable<TrackOrderStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Looks an order number up; the result or the error replaces the previous one. */
  async track(trackNo: string): Promise<void> {
    const no = trackNo.trim();
    this.trackNo = no;
    this.loading = true;
    this.error = null;
    this.result = null;
    try {
      const res = await this.api.trackOrder(no);
      runInAction(() => {
        if (!res) return;
        if (res.success === false || !res.data) {
          this.error = new Error(Array.isArray(res.message) ? res.message[0] : res.message);
          return;
        }
        this.result = res.data;
      });
    } catch (err) {
      runInAction(() => {
        this.error = err;
      });
    } finally {
      runInAction(() => {
        if (this.trackNo === no) this.loading = false;
      });
    }
  }
}
