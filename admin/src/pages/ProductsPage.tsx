import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Picture, notify, paths, reportError, useDocumentTitle, useForm } from '@storefront/shared';
import type { StaffProduct } from '@storefront/shared/staff';
import { useAdmin } from '../AdminContext';
import { MAX_UPLOAD_BYTES, shrinkPhoto } from '../components/shrinkPhoto';
import { Pager } from '../components/Pager';
import { ProductsStore } from '../stores/ProductsStore';
import { TextField } from '../components/TextField';

/** Products with each variation's stock and prices; hide a product from the shop or show it again. */
export const ProductsPage = observer(function ProductsPage() {
  useDocumentTitle('Products');
  const { api } = useAdmin();
  const [store] = useState(() => new ProductsStore(api));
  const [search, setSearch] = useState('');
  useEffect(() => {
    store.load().catch((err: unknown) => reportError(err, 'Could not load the products'));
  }, [store]);
  const find = (e: FormEvent) => {
    e.preventDefault();
    store.find(search).catch((err: unknown) => reportError(err, 'Could not load the products'));
  };
  return (
    <section className="adm-page" aria-labelledby="adm-products-title">
      <h1 id="adm-products-title">Products</h1>
      <form className="adm-filters" role="search" onSubmit={find}>
        <label>
          Find
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or brand" />
        </label>
        <button type="submit" className="adm-btn">
          Find
        </button>
      </form>
      {store.error && <p className="adm-notice">{store.error}</p>}
      <p aria-live="polite" className="adm-muted">
        {store.loading ? 'Loading…' : `${store.paging.total} product${store.paging.total === 1 ? '' : 's'}`}
      </p>
      <ul className="adm-list" aria-label="Products">
        {store.products.map((p) => (
          <ProductCard key={p.id} product={p} store={store} />
        ))}
      </ul>
      <Pager
        page={store.paging.page}
        pages={store.paging.pages}
        onGo={(n) => void store.paging.goTo(n).catch((err: unknown) => reportError(err, 'Could not load the products'))}
      />
    </section>
  );
});

const ProductCard = observer(function ProductCard({ product, store }: { product: StaffProduct; store: ProductsStore }) {
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    store
      .setHidden(product.id, !product.hidden)
      .then(() => notify.success(product.hidden ? `${product.name} is in the shop again` : `${product.name} is hidden from the shop`))
      .catch((err: unknown) => reportError(err, 'Could not change the product'))
      .finally(() => setBusy(false));
  };
  const replace = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const photo = await shrinkPhoto(file);
      if (photo.size > MAX_UPLOAD_BYTES) throw new Error('too large');
      await store.replacePicture(product.id, photo);
      notify.success(`${product.name}: picture replaced`);
    } catch (err) {
      reportError(
        err,
        err instanceof Error && err.message === 'too large'
          ? 'That photo is larger than 1 MB even when made smaller'
          : 'Could not replace the picture',
      );
    } finally {
      input.value = '';
      setBusy(false);
    }
  };
  return (
    <li className="adm-card" aria-label={product.name}>
      <div className="adm-card__head">
        {product.cover_image && <Picture src={product.cover_image} alt="" sizes="64px" width={64} height={64} className="adm-thumb" />}
        <p>
          <a href={paths.product(product.slug)} target="_blank" rel="noopener noreferrer">
            {product.name}
          </a>
          {product.hidden && <span className="adm-status adm-status--hidden">Hidden</span>}
        </p>
        <button type="button" className="adm-btn adm-btn--plain" disabled={busy} onClick={toggle}>
          {product.hidden ? 'Show in shop' : 'Hide from shop'}
        </button>
      </div>
      <label className="adm-upload">
        Replace picture
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy}
          onChange={(e) => void replace(e.currentTarget)}
        />
      </label>
      {product.variations.map((v) => (
        <VariationForm key={v.id} productId={product.id} variation={v} store={store} />
      ))}
    </li>
  );
});

function VariationForm({
  productId,
  variation,
  store,
}: {
  productId: number;
  variation: StaffProduct['variations'][number];
  store: ProductsStore;
}) {
  const form = useForm(
    (v) => v.variationSchema,
    { stock: String(variation.stock), price: variation.price, mrp: variation.mrp },
    { failure: 'Could not save the variation' },
  );
  const send = form.handleSubmit(async (v) => {
    await store.changeVariation(productId, variation.id, {
      ...(Number(v.stock) !== variation.stock ? { stock: Number(v.stock), from_stock: variation.stock } : {}),
      price: v.price.trim(),
      mrp: v.mrp.trim(),
    });
    notify.success(`${variation.label} saved`);
  });
  const id = `adm-var-${variation.id}`;
  return (
    <form className="adm-variation" noValidate onSubmit={send} aria-label={`Variation ${variation.label}`}>
      <span className="adm-variation__label">{variation.label}</span>
      <TextField idPrefix={id} label="Stock" inputMode="numeric" {...form.field('stock')} />
      <TextField idPrefix={id} label="Price (₹)" inputMode="decimal" {...form.field('price')} />
      <TextField idPrefix={id} label="MRP (₹)" inputMode="decimal" {...form.field('mrp')} />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Save
      </button>
    </form>
  );
}
