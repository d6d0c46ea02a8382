import type { Api } from '../api/Api';
import { ApiError } from '../api/errors';
import { withCheckedAnswers } from '../api/checked';
import { registrationCalls, profileCalls, signInCalls } from './fakeServer/account';
import { addressCalls } from './fakeServer/addresses';
import { cartCalls } from './fakeServer/cart';
import { catalogCalls } from './fakeServer/catalog';
import { orderCalls, paymentCalls } from './fakeServer/orders';
import { fakeServer, initialState, type FakeState } from './fakeServer/server';

export type { FakeState } from './fakeServer/server';
export { toLine as cartLineOf } from './fakeServer/cart';

type Method = keyof Api;

/** What a test can see and steer on the fake. */
export interface FakeApiControl {
  /** Every call in order, with its arguments. */
  calls: { method: Method; args: unknown[] }[];
  /** Calls of one method. */
  callsOf(method: Method): unknown[][];
  /** The next call of `method` rejects with this error (an ApiError, or a message for a 400). */
  failNext(method: Method, error: ApiError | string): void;
  /** The next call of `method` stays pending until the returned function is called. */
  holdNext(method: Method): () => void;
  state: FakeState;
}

export type FakeApi = Api & FakeApiControl;

/**
 * An in-memory, stateful stand-in for the typed API object (the one seam unit tests fake, STYLE.md).
 * It follows docs/api-contract.md closely enough for stores and pages to run real journeys: products
 * and variations, a server cart with the per-line and ₹10,000 limits, sign-in by password and OTP
 * (OTP is always `state.otp`), wishlist, orders with cancellation, coupons and tracking.
 */
export function createFakeApi(overrides: Partial<FakeState> = {}): FakeApi {
  const state = initialState(overrides);
  const server = fakeServer(state);
  const calls: FakeApiControl['calls'] = [];
  const failures = new Map<Method, ApiError>();
  const holds = new Map<Method, Promise<void>>();
  const impl: Api = {
    ...catalogCalls(server),
    ...cartCalls(server),
    ...registrationCalls(server),
    ...signInCalls(server),
    ...profileCalls(server),
    ...addressCalls(server),
    ...orderCalls(server),
    ...paymentCalls(server),
  };

  const api = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(impl) as [Method, (...a: unknown[]) => Promise<unknown>][]) {
    api[name] = async (...args: unknown[]) => {
      calls.push({ method: name, args });
      const hold = holds.get(name);
      if (hold) {
        holds.delete(name);
        await hold;
      }
      const failure = failures.get(name);
      if (failure) {
        failures.delete(name);
        throw failure;
      }
      // A real server answers on a later tick; so does the fake, so loading states are observable.
      await Promise.resolve();
      const result = await fn(...args);
      // Copies, like JSON over the wire: stores must not share objects with the fake's state.
      return result === undefined ? result : (JSON.parse(JSON.stringify(result)) as unknown);
    };
  }
  const control: FakeApiControl = {
    calls,
    callsOf: (m) => calls.filter((c) => c.method === m).map((c) => c.args),
    failNext: (m, e) => failures.set(m, typeof e === 'string' ? new ApiError(400, [e]) : e),
    holdNext: (m) => {
      let release = () => undefined as void;
      holds.set(m, new Promise<void>((r) => (release = r)));
      return () => release();
    },
    state,
  };
  // Unsuccessful answers reject exactly as they do from createApi (a test may return `success: false`).
  return withCheckedAnswers(Object.assign(api as unknown as Api, control));
}
