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

/** schema.org Product structured data for search engines (issue 5). */
export function productJsonLd(p: Product, v: Variation | undefined, origin: string): Record<string, unknown> {
  const absolute = (src: string) => (src.startsWith('data:') ? undefined : new URL(src, origin).toString());
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.product_name,
    description: p.description,
    sku: String(p.product_id),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.sub_category_name ? { category: p.sub_category_name } : {}),
    image: galleryImages(p).map(absolute).filter(Boolean),
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: toRupees(v?.final_price ?? p.final_price).toFixed(2),
      availability: (v ? v.stock > 0 : p.in_stock) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: new URL(paths.product(p.slug, v?.product_variation), origin).toString(),
    },
  };
}
