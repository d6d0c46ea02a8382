import { useStores, type RootStore } from '@storefront/shared';
import { AboutStore } from './AboutStore';
import { HomeStore } from './HomeStore';
import { ProductStore } from './ProductStore';

/** The catalog section's own state, built on the page's one API object. */
export interface CatalogStores {
  products: ProductStore;
  home: HomeStore;
  about: AboutStore;
}

// One set per RootStore, kept while the page lives: going from the shop to a product and back shows
// the list at once instead of a skeleton. Keyed weakly so a test's fresh RootStore gets fresh stores.
const bySession = new WeakMap<RootStore, CatalogStores>();

/** The catalog stores for a session (created on first use). */
export function catalogStoresFor(root: RootStore): CatalogStores {
  let stores = bySession.get(root);
  if (!stores) {
    stores = { products: new ProductStore(root.api), home: new HomeStore(root.api), about: new AboutStore(root.api) };
    bySession.set(root, stores);
  }
  return stores;
}

/** The catalog stores of the session provided by the shell (or the standalone mount, or a test). */
export function useCatalogStores(): CatalogStores {
  return catalogStoresFor(useStores());
}
