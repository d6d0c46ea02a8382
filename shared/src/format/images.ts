/** Shown when a product has neither a cover image nor an image list (spec §3). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f1efec"/>' +
      '<path d="M140 250l45-60 35 45 25-30 55 45z" fill="#c9c4bd"/><circle cx="250" cy="160" r="22" fill="#c9c4bd"/></svg>',
  );

/** The images of `product_images` (comma-separated, spec §3), trimmed, empties dropped. */
export function imageList(productImages: string | null | undefined): string[] {
  if (!productImages) return [];
  return productImages.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Cover image, else the first of the list, else the placeholder (spec §3). */
export function coverImageOf(p: { cover_image?: string | null; product_images?: string | null }): string {
  return p.cover_image?.trim() || imageList(p.product_images)[0] || PLACEHOLDER_IMAGE;
}

/** Spec §3: variation labels from comma-separated `sub_category_variation` values, trimmed, de-duplicated. */
export function variationLabels(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const v of values) {
    for (const label of (v ?? '').split(',')) {
      const t = label.trim();
      if (t) seen.add(t);
    }
  }
  return [...seen];
}
