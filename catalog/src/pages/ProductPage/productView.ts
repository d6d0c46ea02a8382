import { PLACEHOLDER_IMAGE, imageList, paths, toRupees, type Product, type Variation } from '@storefront/shared';

/**
 * The variant named in the URL (spec §2 `?variant={product_variation}`, case and spaces ignored; a
 * variant id is accepted too, as older links carry it), else the first in stock, else the first.
 */
export function pickVariation(variations: readonly Variation[], wanted: string | null): Variation | undefined {
  const w = (wanted ?? '').trim();
  if (w) {
    const lower = w.toLowerCase();
    const byLabel = variations.find((v) => v.product_variation.trim().toLowerCase() === lower);
    if (byLabel) return byLabel;
    const byId = variations.find((v) => String(v.id) === w);
    if (byId) return byId;
  }
  return variations.find((v) => v.stock > 0) ?? variations[0];
}

/** The gallery's images: the cover first, then `product_images` without repeats; the placeholder when none (spec §3). */
export function galleryImages(p: Pick<Product, 'cover_image' | 'product_images'>): string[] {
  const list = [p.cover_image?.trim() ?? '', ...imageList(p.product_images)].filter(Boolean);
  const unique = [...new Set(list)];
  return unique.length ? unique : [PLACEHOLDER_IMAGE];
}

/** "Only 2 left", "In stock", "Out of stock" for a variant. */
export function stockText(v: Pick<Variation, 'stock'> | undefined): string {
  if (!v || v.stock <= 0) return 'Out of stock';
  if (v.stock <= 5) return `Only ${v.stock} left`;
  return 'In stock';
}

/** An absolute URL for a picture on the store's origin (none for an inline placeholder). */
export function absoluteImage(src: string | undefined, origin: string): string | undefined {
  if (!src || src.startsWith('data:')) return undefined;
  return new URL(src, origin).toString();
}

/**
 * schema.org Product structured data for search engines (issue 5): one Offer per variant, each with
 * its own price in rupees (INR), availability and URL (`?variant=`), so a size that is sold out shows
 * as such in results while the others stay in stock (issue 22).
 */
export function productJsonLd(p: Product, origin: string): Record<string, unknown> {
  const availability = (inStock: boolean) => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
  const offers = p.variations.length
    ? p.variations.map((v) => ({
        '@type': 'Offer',
        sku: `${p.product_id}-${v.id}`,
        name: v.product_variation,
        priceCurrency: 'INR',
        price: toRupees(v.final_price).toFixed(2),
        availability: availability(v.stock > 0),
        url: new URL(paths.product(p.slug, v.product_variation), origin).toString(),
      }))
    : [
        {
          '@type': 'Offer',
          priceCurrency: 'INR',
          price: toRupees(p.final_price).toFixed(2),
          availability: availability(p.in_stock),
          url: new URL(paths.product(p.slug), origin).toString(),
        },
      ];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.product_name,
    description: p.description,
    sku: String(p.product_id),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.sub_category_name ? { category: p.sub_category_name } : {}),
    image: galleryImages(p)
      .map((src) => absoluteImage(src, origin))
      .filter(Boolean),
    offers,
  };
}
