import type { Product, ProductPage, Variation } from '@storefront/contract';
import type { ProductRecord, ProductRecordPage, VariationRow } from '../../db/repositories/catalog';
import { productImages } from '../../db/repositories/catalog';
import { money } from '../../lib/money';

export function toVariation(v: VariationRow): Variation {
  return { id: v.id, product_variation: v.label, final_price: money(v.price), mrp: money(v.mrp), stock: v.stock };
}

/** A product as spec §3 answers it: pictures cover first, the shown price, every variation. */
export function toProduct(r: ProductRecord): Product {
  const images = productImages(r.slug, r.image_count, r.images);
  return {
    id: r.id,
    product_id: r.id,
    retailer_product_id: r.id,
    slug: r.slug,
    product_name: r.name,
    description: r.description,
    brand: r.brand,
    sub_category_id: r.category_id,
    sub_category_name: r.category_name,
    cover_image: images[0] ?? null,
    product_images: images.join(','),
    final_price: money(r.display_price),
    mrp: money(r.display_mrp),
    in_stock: r.total_stock > 0,
    stock: r.total_stock,
    retailer_id: r.retailer_id,
    wholesaler_id: r.wholesaler_id,
    sub_category_variation: r.variations.map((v) => v.label).join(', '),
    variations: r.variations.map(toVariation),
    created_at: r.created_at,
  };
}

export function toProductPage(page: ProductRecordPage): ProductPage {
  return { ...page, products: page.products.map(toProduct) };
}
