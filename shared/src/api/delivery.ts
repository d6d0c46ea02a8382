import type { Api } from './Api';
import type { ApiClient } from './client';

type DeliveryApi = Pick<Api, 'checkPincode'>;

/** Issue 39: whether the shop delivers to a pincode, by when, and cash on delivery there. */
export function deliveryApi(c: ApiClient): DeliveryApi {
  return {
    checkPincode: (pincode, o) => c.get(`/pincode/${encodeURIComponent(pincode)}`, o),
  };
}
