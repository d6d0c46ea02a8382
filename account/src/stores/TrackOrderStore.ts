import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { MESSAGES, dataOf, withLoadState, type Api, type TrackedOrder } from '@storefront/shared';

/** Public order tracking (spec §7 /customer/track-order): works for guests. */
export class TrackOrderStore {
  result: TrackedOrder | null = null;
  trackNo = '';
  loading = false;
  /** The server's message when the lookup failed (spec §8: track order shows it), else the fallback. */
  error: string | null = null;

  constructor(private readonly api: Pick<Api, 'trackOrder'>) {
    makeAutoObservable<TrackOrderStore, 'api'>(this, { api: false, result: observableRef }, { autoBind: true });
  }

  /** Looks an order number up; the result or the error replaces the previous one. Never rejects. */
  async track(trackNo: string): Promise<void> {
    const no = trackNo.trim();
    this.trackNo = no;
    this.result = null;
    // A later lookup replaced this one while it was on the way: its answer wins.
    const isCurrent = () => this.trackNo === no;
    await withLoadState(
      this,
      MESSAGES.somethingWentWrong,
      async () => {
        const res = await this.api.trackOrder(no);
        if (!res) return;
        const order = dataOf(res);
        runInAction(() => {
          if (isCurrent()) this.result = order;
        });
      },
      { isCurrent },
    ).catch(() => undefined);
  }
}
