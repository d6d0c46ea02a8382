import type { Api } from './Api';
import type { ApiClient } from './client';
import type { ProductFilters } from './types';
import { CATALOG_URLS } from '../apiUrls';

/** Spec §3 filters as the multipart form of `POST /get-products` (docs/api-contract.md). */
export function productFilterForm(filters: ProductFilters): Record<string, string> {
  const form: Record<string, string> = {};
  if (filters.sub_category?.length) form.sub_category = filters.sub_category.join(',');
  if (filters.min_price !== undefined) form.min_price = String(filters.min_price);
  if (filters.max_price !== undefined) form.max_price = String(filters.max_price);
  if (filters.size) form.size = filters.size;
  if (filters.in_stock) form.in_stock = '1';
  if (filters.out_of_stock) form.out_of_stock = '1';
  if (filters.sort_by) form.sort_by = filters.sort_by;
  if (filters.product_id !== undefined) form.product_id = String(filters.product_id);
  return form;
}

type CatalogApi = Pick<
  Api,
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
>;

/** Catalogue calls of spec §7. Reads are de-duplicated while in flight. */
export function catalogApi(c: ApiClient): CatalogApi {
  return {
    getStoreInfo: (o) => c.post(CATALOG_URLS.storeInfo, undefined, { ...o, dedupe: true }),
    getSubcategoryVariations: (ids, o) => c.post('/subcategory-variations', { sub_category_id: ids }, { ...o, dedupe: true }),
    getProducts: (filters, o) =>
      c.postForm('/get-products', productFilterForm(filters), { ...o, params: { page: filters.page ?? 1 }, dedupe: true }),
    getProductDetails: (slug, o) => c.get(CATALOG_URLS.productDetails(slug), o),
    searchProducts: (search, page, o) => c.post('/search-products', { search, page: page ?? 1 }, { ...o, dedupe: true }),
    getHomeSections: (o) => c.get(CATALOG_URLS.homeSections, o),
    getAboutSections: (o) => c.get('/about-us-page', o),
    getNewArrivals: (o) => c.get(CATALOG_URLS.newArrivals, o),
    getFeaturedProducts: (o) => c.post(CATALOG_URLS.featuredProducts, undefined, { ...o, dedupe: true }),
    getStates: (o) => c.get(CATALOG_URLS.states, o),
    getCities: (stateId, o) => c.post('/cities', { state_id: stateId }, { ...o, dedupe: true }),
  };
}
