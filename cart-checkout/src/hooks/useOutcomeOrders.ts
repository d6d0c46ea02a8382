import { useEffect, useState } from 'react';
import { useLocation } from '@storefront/shared/router';
import { useStores } from '@storefront/shared';
import { OrderOutcomeStore } from '../stores/OrderOutcomeStore';
import { readOutcome, type OrderOutcomeState } from '../lib/orderLinks';

/** The payment and outcome pages' common start: what the URL names, and those orders loaded from the server. */
export function useOutcomeOrders(): OrderOutcomeState & { store: OrderOutcomeStore } {
  const { api } = useStores();
  const location = useLocation();
  const [store] = useState(() => new OrderOutcomeStore(api));
  const outcome = readOutcome(location.search, location.state);
  const key = outcome.orderNumbers.join(',');
  useEffect(() => {
    void store.load(key ? key.split(',') : []);
  }, [store, key]);
  return { ...outcome, store };
}
