/**
 * Picture ids and the widths the image endpoint makes (issue 20). An id names one picture's bytes
 * forever (a replaced picture gets a new id), so its variants are cached as immutable; it also carries
 * the picture's size and a placeholder colour, so a page can reserve the box and paint it before the
 * first byte of the picture arrives: `<16 hex>-<width>x<height>-<rrggbb>`.
 *
 * The browser side reads the same format and list in shared/src/format/images.ts; a change here is a
 * change there (the API test `images.test.ts` compares the two).
 */

/** The only widths the endpoint renders, so nobody can make it encode every width there is. */
export const IMAGE_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 960, 1200, 1600, 2000, 2400] as const;

/** Width served when a request names none. */
export const DEFAULT_IMAGE_WIDTH = 800;

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_ID_PATTERN = '^[0-9a-f]{16}-[1-9][0-9]{1,4}x[1-9][0-9]{1,4}-[0-9a-f]{6}$';

export interface ImageIdParts {
  hash: string;
  width: number;
  height: number;
  /** Placeholder colour, `rrggbb`. */
  colour: string;
}

export function formatImageId(p: ImageIdParts): string {
  return `${p.hash}-${p.width}x${p.height}-${p.colour}`;
}

export function parseImageId(id: string): ImageIdParts | null {
  const m = /^([0-9a-f]{16})-([1-9][0-9]{1,4})x([1-9][0-9]{1,4})-([0-9a-f]{6})$/.exec(id);
  if (!m) return null;
  return { hash: m[1] as string, width: Number(m[2]), height: Number(m[3]), colour: m[4] as string };
}

/** The URL path of a picture (under the API's /api prefix); the page adds `?w=` from IMAGE_WIDTHS. */
export function pictureUrl(id: string): string {
  return `/api/images/${id}`;
}

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
