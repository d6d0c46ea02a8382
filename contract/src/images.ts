/**
 * Pictures (issue 20): the id format and the widths of the API's image endpoint, which the browser reads
 * back to reserve a picture's box and paint its colour before the first byte arrives. An id names one
 * picture's bytes forever: `<16 hex>-<width>x<height>-<rrggbb>`, served at `/api/images/<id>?w=<width>`.
 */

/** The only widths the endpoint renders, so nobody can make it encode every width there is. */
export const IMAGE_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 960, 1200, 1600, 2000, 2400] as const;

/** A picture id, as a JSON Schema pattern. */
export const IMAGE_ID_PATTERN = '^[0-9a-f]{16}-[1-9][0-9]{1,4}x[1-9][0-9]{1,4}-[0-9a-f]{6}$';

const ID = /([0-9a-f]{16})-([1-9][0-9]{1,4})x([1-9][0-9]{1,4})-([0-9a-f]{6})$/;

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
  const m = new RegExp(`^${ID.source}`).exec(id);
  if (!m) return null;
  return { hash: m[1] as string, width: Number(m[2]), height: Number(m[3]), colour: m[4] as string };
}

/** The URL path of a picture (under the API's /api prefix); the page adds `?w=` from IMAGE_WIDTHS. */
export function pictureUrl(id: string): string {
  return `/api/images/${id}`;
}

/** What a picture URL says about its picture: its size and its placeholder colour (`#rrggbb`). */
export interface PictureInfo {
  width: number;
  height: number;
  colour: string;
}

const PICTURE_URL = new RegExp(`/api/images/${ID.source}`);

/** The picture behind an image URL, or null for any other image (the logo, an SVG, a data URL). */
export function pictureInfo(url: string | null | undefined): PictureInfo | null {
  const m = url ? PICTURE_URL.exec(url) : null;
  if (!m) return null;
  return { width: Number(m[2]), height: Number(m[3]), colour: `#${m[4]}` };
}
