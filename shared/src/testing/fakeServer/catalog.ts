import type { Api } from '../../api/Api';
import { ApiError } from '../../api/errors';
import type { Product, ProductPage } from '../../api/types';
import { LIST_TOTAL_CAP } from '../../constants';
import { fixtureStoreInfo, unservedPincode } from '../fixtures';
import { ok, rupees, type FakeServer } from './server';

/** One page of a product list, counted as the server counts. */
const page = (list: Product[], n = 1): ProductPage => {
  const per = 12;
  // As the server counts: up to the cap, then "more".
  const total = Math.min(list.length, LIST_TOTAL_CAP);
  return {
    products: list.slice((n - 1) * per, n * per),
    total,
    page: n,
    per_page: per,
    last_page: Math.max(1, Math.ceil(total / per)),
    total_capped: list.length > LIST_TOTAL_CAP,
  };
};

type CatalogCalls =
  | 'getStoreInfo'
  | 'getSubcategoryVariations'
  | 'getProducts'
  | 'getProductDetails'
  | 'searchProducts'
  | 'getHomeSections'
  | 'getAboutSections'
  | 'getNewArrivals'
  | 'getFeaturedProducts'
  | 'getStates'
  | 'getCities'
  | 'submitContact'
  | 'subscribeNewsletter'
  | 'checkPincode';

/** The catalogue, the home and about pages, places, and the shop's forms: what a guest reads. */
export function catalogCalls({ state }: FakeServer): Pick<Api, CatalogCalls> {
  return {
    getStoreInfo: async () => ok(fixtureStoreInfo()),
    getSubcategoryVariations: async (ids) =>
      ok(
        ids.map((id) => ({
          sub_category_id: id,
          sub_category_variation: state.products
            .filter((p) => p.sub_category_id === id)
            .map((p) => p.sub_category_variation)
            .join(', '),
        })),
      ),
    getProducts: async (f) => {
      let list = state.products;
      if (f.sub_category?.length) list = list.filter((p) => f.sub_category!.includes(p.sub_category_id));
      if (f.min_price !== undefined) list = list.filter((p) => rupees(p.final_price) >= f.min_price!);
      if (f.max_price !== undefined) list = list.filter((p) => rupees(p.final_price) <= f.max_price!);
      if (f.size) list = list.filter((p) => p.variations.some((v) => v.product_variation === f.size));
      if (f.in_stock && !f.out_of_stock) list = list.filter((p) => p.in_stock);
      if (f.out_of_stock && !f.in_stock) list = list.filter((p) => !p.in_stock);
      if (f.sort_by === 'price_asc') list = [...list].sort((a, b) => rupees(a.final_price) - rupees(b.final_price));
      if (f.sort_by === 'price_desc') list = [...list].sort((a, b) => rupees(b.final_price) - rupees(a.final_price));
      return ok(page(list, f.page ?? 1));
    },
    getProductDetails: async (slug) => {
      const p = state.products.find((x) => x.slug === slug);
      if (!p) throw new ApiError(404, ['Product not found']);
      return ok(p);
    },
    searchProducts: async (search, n) => {
      const q = search.toLowerCase();
      return ok(
        page(
          state.products.filter((p) => `${p.product_name} ${p.sub_category_name}`.toLowerCase().includes(q)),
          n ?? 1,
        ),
      );
    },
    getHomeSections: async () => ({ success: true, result: state.homeSections }),
    getAboutSections: async () => ({
      success: true,
      result: [{ id: 1, title: 'Our story', body: 'Made in India.', image: '/api/images/about/1.svg' }],
    }),
    getNewArrivals: async () => ok({ data: state.products.slice(0, 2) }),
    getFeaturedProducts: async () => ok({ data: state.products.slice(1, 3) }),
    getStates: async () =>
      ok([
        { id: 1, name: 'Karnataka' },
        { id: 2, name: 'Maharashtra' },
      ]),
    getCities: async (stateId) =>
      ok(
        stateId === 1
          ? [
              { id: 10, name: 'Bengaluru', state_id: 1 },
              { id: 11, name: 'Mysuru', state_id: 1 },
            ]
          : [
              { id: 20, name: 'Mumbai', state_id: 2 },
              { id: 21, name: 'Pune', state_id: 2 },
            ],
      ),
    submitContact: async () => ok(undefined, 'Form submitted successfully'),
    subscribeNewsletter: async () => ok(undefined, 'Thank you for subscribing!'),
    checkPincode: async (pincode) => ok(state.pincodes[pincode] ?? unservedPincode(pincode)),
  };
}
