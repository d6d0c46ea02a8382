import type { Api } from './Api';
import type { ApiClient } from './client';
import { accountApi } from './account';
import { cartApi } from './cart';
import { catalogApi } from './catalog';
import { ordersApi } from './orders';
import { deliveryApi } from './delivery';
import { withCheckedAnswers } from './checked';

/**
 * The typed API object stores receive: one function per call of spec §7 over one client. An answer the
 * server marked unsuccessful rejects like a failed request (`withCheckedAnswers`), once, here.
 */
export function createApi(client: ApiClient, options: { storeToken: string }): Api {
  return withCheckedAnswers({
    ...catalogApi(client),
    ...cartApi(client),
    ...accountApi(client, options.storeToken),
    ...ordersApi(client),
    ...deliveryApi(client),
  });
}
