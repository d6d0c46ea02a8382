import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState } from '@storefront/shared';
import type { StaffApi, StaffProduct, VariationChange } from '@storefront/shared/staff';
import { Paging } from './Paging';

/** The back office's products (hidden ones too): stock and prices per variation, hide and show. */
export class ProductsStore {
  products: StaffProduct[] = [];
  search = '';
  loading = false;
  error: string | null = null;
  readonly paging = new Paging(20, () => this.load());

  constructor(private readonly api: Pick<StaffApi, 'products' | 'setProductHidden' | 'changeVariation' | 'replacePicture'>) {
    makeAutoObservable<ProductsStore, 'api'>(this, { api: false, paging: false, products: observableRef }, { autoBind: true });
  }

  async find(search: string): Promise<void> {
    this.search = search.trim();
    await this.paging.restart();
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the products', async () => {
      const res = answered(await this.api.products({ search: this.search, page: this.paging.page }));
      runInAction(() => {
        this.products = res.data?.products ?? [];
        this.paging.took(res.data);
      });
    });
  }

  /** Hides a product from the shop or shows it again; the list shows the server's answer. */
  async setHidden(productId: number, hidden: boolean): Promise<void> {
    const res = answered(await this.api.setProductHidden(productId, hidden));
    const product = res.data?.product;
    if (product) this.replace(product);
  }

  /** The product's pictures become this photo (already made small enough to send). */
  async replacePicture(productId: number, photo: Blob): Promise<void> {
    const product = answered(await this.api.replacePicture(productId, photo)).data?.product;
    if (product) this.replace(product);
  }

  /** Stock (from the stock the member saw) and prices of one variation. */
  async changeVariation(productId: number, variationId: number, change: VariationChange): Promise<void> {
    const res = answered(await this.api.changeVariation(variationId, change));
    const data = res.data;
    const product = this.products.find((p) => p.id === productId);
    if (!data || !product) return;
    this.replace({
      ...product,
      variations: product.variations.map((v) => (v.id === variationId ? { ...v, stock: data.stock, price: data.price, mrp: data.mrp } : v)),
    });
  }

  private replace(product: StaffProduct): void {
    runInAction(() => {
      this.products = this.products.map((p) => (p.id === product.id ? product : p));
    });
  }
}
