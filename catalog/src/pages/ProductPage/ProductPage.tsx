import { observer } from 'mobx-react-lite';
import { startTransition, useEffect, useOptimistic, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@storefront/shared/router';
import {
  DeliveryCheck,
  HydrationBoundary,
  PageNotFoundError,
  Price,
  QuantityStepper,
  Skeleton,
  paths,
  toRupees,
  useStores,
  type PageLoader,
  type Product,
  type Variation,
  pageTitle,
  shortDescription,
  useDocumentMeta,
} from '@storefront/shared';
import { ChatEnquiryButton } from '../../components/ChatEnquiry/ChatEnquiryButton';
import { Gallery } from '../../components/Gallery/Gallery';
import { VariantPicker } from '../../components/VariantPicker/VariantPicker';
import { WishlistButton } from '../../components/WishlistButton/WishlistButton';
import { useStoreInfo } from '../../lib/useStoreInfo';
import { catalogStoresFor, useCatalogStores } from '../../stores/useCatalogStores';
import { absoluteImage, galleryImages, pickVariation, productJsonLd, stockText } from './productView';
import './ProductPage.css';

function ProductSkeleton() {
  return (
    <div className="cat-product__layout" role="status">
      <span className="sf-visually-hidden">Loading product</span>
      <div className="cat-product__gallery-skeleton" aria-hidden="true">
        <Skeleton height="100%" />
      </div>
      <div className="cat-product__info" aria-hidden="true">
        <Skeleton width="30%" height={14} />
        <Skeleton width="80%" height={34} className="cat-product__skeleton-gap" />
        <Skeleton width="40%" height={24} className="cat-product__skeleton-gap" />
        <Skeleton width="60%" height={44} className="cat-product__skeleton-gap" />
        <Skeleton width="100%" height={44} className="cat-product__skeleton-gap" />
      </div>
    </div>
  );
}

/** The size shown: the URL's `?variant=`, or the one just picked while the router writes it to the URL. */
function useVariationInUrl(product: Product) {
  const [params, setParams] = useSearchParams();
  const fromUrl = pickVariation(product.variations, params.get('variant'));
  // The router writes the URL in a transition: until it lands, show the size just picked.
  const [pickedId, setPickedId] = useOptimistic(fromUrl?.id);
  const variation = product.variations.find((v) => v.id === pickedId) ?? fromUrl;
  const pick = (v: Variation) => {
    startTransition(() => {
      setPickedId(v.id);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('variant', v.product_variation);
          return next;
        },
        { replace: true },
      );
    });
  };
  return { variation, pick };
}

interface BuyBoxProps {
  product: Product;
  variation: Variation | undefined;
  quantity: number;
  setQuantity: (n: number) => void;
}

/** Quantity and "Add to cart". Spec §5: at most 5 per line and no more than the stock, less what the cart already holds. */
const BuyBox = observer(function BuyBox({ product, variation, quantity, setQuantity }: BuyBoxProps) {
  const { cart } = useStores();
  const remaining = variation ? cart.remainingFor(product.id, variation) : 0;
  const shown = Math.max(1, Math.min(quantity, remaining));
  const soldOut = !variation || variation.stock <= 0;
  const add = async () => {
    if (!variation) return;
    if (await cart.addItem(product, variation, shown)) setQuantity(1);
  };
  return (
    <div className="cat-product__buy">
      {soldOut ? null : (
        <QuantityStepper
          value={shown}
          max={remaining}
          label={product.product_name}
          disabled={cart.addLoading}
          onDecrease={() => setQuantity(Math.max(1, shown - 1))}
          onIncrease={() => setQuantity(Math.min(remaining, shown + 1))}
        />
      )}
      <button
        type="button"
        className="sf-button cat-product__add"
        disabled={soldOut || remaining <= 0 || cart.addLoading}
        onClick={() => void add()}
      >
        {cart.addLoading ? 'Adding…' : 'Add to cart'}
      </button>
    </div>
  );
});

const ProductDetails = observer(function ProductDetails({ product }: { product: Product }) {
  const { storeInfo, storeUrl } = useStores();
  const { variation, pick } = useVariationInUrl(product);
  const [quantity, setQuantity] = useState(1);
  const soldOut = !variation || variation.stock <= 0;
  const choose = (v: Variation) => {
    setQuantity(1);
    pick(v);
  };
  const jsonLd = JSON.stringify(productJsonLd(product, storeUrl)).replace(/</g, '\\u003c');

  return (
    <div className="cat-product__layout">
      <HydrationBoundary>
        <Gallery key={product.id} images={galleryImages(product)} name={product.product_name} />
      </HydrationBoundary>
      <div className="cat-product__info">
        {product.brand ? <p className="cat-product__brand">{product.brand}</p> : null}
        <h1 className="cat-product__title">{product.product_name}</h1>
        <div className="cat-product__price">
          <Price value={variation?.final_price ?? product.final_price} mrp={variation?.mrp ?? product.mrp} />
          <span className={`cat-product__stock ${soldOut ? 'is-out' : ''}`}>{stockText(variation)}</span>
        </div>

        {product.variations.length ? <VariantPicker variations={product.variations} selectedId={variation?.id} onSelect={choose} /> : null}

        <BuyBox product={product} variation={variation} quantity={quantity} setQuantity={setQuantity} />

        <div className="cat-product__actions">
          <WishlistButton productId={product.id} productName={product.product_name} variant="full" />
          <ChatEnquiryButton
            slug={product.slug}
            productName={product.product_name}
            variant={variation?.product_variation}
            phone={storeInfo.info.mobile_no}
            storeUrl={storeUrl}
          />
        </div>

        <DeliveryCheck id="cat-product" />

        {product.description ? (
          <section className="cat-product__description" aria-labelledby="cat-product-description">
            <h2 id="cat-product-description">Description</h2>
            <p>{product.description}</p>
          </section>
        ) : null}
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </div>
  );
});

/**
 * The product's details by slug (spec §7). No such product: rejects with PageNotFoundError, so the
 * server answers 404 with the not-found page (issue 22). Any other failure rejects plainly: the
 * server leaves the page to the browser, which sends the shopper to /not-found as usual (spec §2).
 */
export const load: PageLoader = async (session, at) => {
  const slug = at.params.slug ?? '';
  const outcome = slug ? await catalogStoresFor(session).products.fetchProductDetails(slug) : null;
  if (outcome?.status === 'ok') return;
  if (!slug || (outcome?.status === 'failed' && outcome.notFound)) throw new PageNotFoundError(`no product ${slug}`);
  throw new Error(`product ${slug} could not be loaded`);
};

/**
 * Product detail (spec §2 `/products/:slug`, optional `?variant=`): loaded by slug; an unknown slug or
 * a failed load goes to /not-found. While it loads, a product already in the shop list or the home rows
 * is shown at once (same data), else a skeleton of the same shape.
 */
const ProductPage = observer(function ProductPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { products, home } = useCatalogStores();
  const { storeInfo } = useStoreInfo();
  const { storeUrl } = useStores();

  useEffect(() => {
    let live = true;
    if (!slug) {
      navigate(paths.notFound, { replace: true });
      return;
    }
    void products.fetchProductDetails(slug).then((outcome) => {
      if (live && outcome.status === 'failed') navigate(paths.notFound, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [slug, products, navigate]);

  const product =
    (products.productDetails?.slug === slug ? products.productDetails : undefined) ??
    [...products.list, ...home.newArrivals.items, ...home.featured.items].find((p) => p.slug === slug);

  // The share card describes the canonical page (no ?variant=): the size it opens on.
  const shown = product ? pickVariation(product.variations, null) : undefined;
  useDocumentMeta(
    pageTitle(product?.product_name ?? 'Product', storeInfo.storeName),
    product ? shortDescription(product.description || product.product_name) : `Product details at ${storeInfo.storeName}.`,
    product
      ? {
          type: 'product',
          image: absoluteImage(galleryImages(product)[0], storeUrl),
          price: toRupees(shown?.final_price ?? product.final_price).toFixed(2),
          inStock: shown ? shown.stock > 0 : product.in_stock,
        }
      : undefined,
  );

  return (
    <div className="cat-product sf-container" data-section="catalog">
      <nav className="cat-product__crumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={paths.shop()}>Shop</Link>
          </li>
          {product?.sub_category_name ? (
            <li>
              <Link to={paths.category(product.sub_category_name)}>{product.sub_category_name}</Link>
            </li>
          ) : null}
          {product ? <li aria-current="page">{product.product_name}</li> : null}
        </ol>
      </nav>
      {product ? <ProductDetails product={product} /> : <ProductSkeleton />}
    </div>
  );
});

export default ProductPage;
