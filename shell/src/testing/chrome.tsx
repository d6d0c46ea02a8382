import { runInAction } from 'mobx';
import { useNavigate } from '@storefront/shared/router';
import { RootStore, type CartLine, type Category, type StoreInfoFields } from '@storefront/shared';
import { createFakeApi, fixtureStoreInfo, memoryStorage, type FakeApi } from '@storefront/shared/testing';

/** `n` categories named "Category 1" … "Category n". */
export function makeCategories(n: number): Category[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Category ${i + 1}`,
    slug: `category-${i + 1}`,
    image: `/api/images/categories/${i + 1}.svg`,
    product_count: 3,
  }));
}

/** A session whose store info is already loaded, with these fields and categories. */
export function storeWithInfo(options: { info?: Partial<StoreInfoFields>; categories?: Category[]; api?: FakeApi } = {}) {
  const api = options.api ?? createFakeApi();
  const store = new RootStore(api, { storage: memoryStorage() });
  const base = fixtureStoreInfo();
  runInAction(() =>
    store.storeInfo.hydrate({
      storeinfo: { ...base.storeinfo, ...options.info },
      sub_category_list: options.categories ?? base.sub_category_list,
    }),
  );
  return { api, store };
}

/** A cart line for product `id` (enough for counts). */
export function cartLine(id: number, quantity = 1): CartLine {
  return {
    id,
    product_id: id,
    retailer_product_id: id,
    quantity,
    product_stock: 10,
    product_name: `Product ${id}`,
    product_images: `/api/images/products/${id}-1.svg`,
    product_slug: `product-${id}`,
    final_price: '499.00',
    retailer_id: 7,
    wholesaler_id: null,
    selected_variant: { id: id * 10, product_variation: 'M', final_price: '499.00', stock: 10 },
  };
}

/** A Back button: tells a replaced history entry from a pushed one. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

/** Sets `window.scrollY` as a browser would and fires the scroll event. */
export function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}
