import { IMAGE_WIDTHS, pictureInfo, type PictureInfo } from '@storefront/contract/images';

/** Shown when a product has neither a cover image nor an image list (spec §3). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f1efec"/>' +
      '<path d="M140 250l45-60 35 45 25-30 55 45z" fill="#c9c4bd"/><circle cx="250" cy="160" r="22" fill="#c9c4bd"/></svg>',
  );

/**
 * Pictures from the API's image endpoint (issue 20): `/api/images/<id>` with `?w=` one of the contract's
 * widths; the format follows the browser's `Accept` (AVIF, WebP, else JPEG). The id format and the width
 * list are the contract's (the API makes the ids, the page reads their size and colour back).
 */
export { IMAGE_WIDTHS, pictureInfo, type PictureInfo };

/** The picture at one width of the list. */
export function pictureSrc(url: string, width: number): string {
  return `${url}?w=${width}`;
}

/** `src` for a browser without `srcset` support: the picture at 800 px (or its own width, if narrower). */
export function pictureFallbackSrc(url: string, info: PictureInfo): string {
  return pictureSrc(url, Math.min(800, info.width));
}

/** `srcset` of a picture: every listed width up to the picture's own (larger would only repeat it). */
export function pictureSrcSet(url: string, info: PictureInfo): string {
  const widths = IMAGE_WIDTHS.filter((w) => w <= info.width);
  return (widths.length ? widths : [IMAGE_WIDTHS[0]]).map((w) => `${pictureSrc(url, w)} ${w}w`).join(', ');
}

/**
 * `sizes` of the home banner (catalog's BannerHero: full width of the page's container, 1240 px at most
 * less 16-px margins). Here because the start-up prefetch preloads that banner with the same `sizes`,
 * so the browser picks the same file for both and fetches it once.
 */
export const BANNER_SIZES = '(min-width: 1240px) 1208px, calc(100vw - 32px)';

/** The images of `product_images` (comma-separated, spec §3), trimmed, empties dropped. */
export function imageList(productImages: string | null | undefined): string[] {
  if (!productImages) return [];
  return productImages
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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
