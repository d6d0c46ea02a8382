/**
 * Picture ids and the widths the image endpoint makes (issue 20). An id names one picture's bytes
 * forever (a replaced picture gets a new id), so its variants are cached as immutable; it also carries
 * the picture's size and a placeholder colour, so a page can reserve the box and paint it before the
 * first byte of the picture arrives: `<16 hex>-<width>x<height>-<rrggbb>`.
 *
 * The id format and the width list are the contract's (`@storefront/contract/images`): the browser reads
 * the same ids back.
 */
export { IMAGE_ID_PATTERN, IMAGE_WIDTHS, formatImageId, parseImageId, pictureUrl, type ImageIdParts } from '@storefront/contract/images';
import { parseImageId } from '@storefront/contract/images';

/** Width served when a request names none. */
export const DEFAULT_IMAGE_WIDTH = 800;

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The best format the request's `Accept` allows: AVIF, then WebP, else JPEG. */
export function formatFromAccept(accept: string | undefined): ImageFormat {
  const types = (accept ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
    .map(([type]) => (type ?? '').trim().toLowerCase());
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * The width a variant is made at: the one asked, never more than the original's (which the id carries).
 * A wider request is that same variant (one file, one ETag), not a copy of it encoded again (issue 35).
 */
export function servedWidth(id: string, asked: number): number {
  const original = parseImageId(id)?.width;
  return original !== undefined && asked > original ? original : asked;
}
