/**
 * The catalogue's image URLs, and locally generated SVG artwork for the logo, the about page and the
 * placeholder: a deterministic colour scheme from the name, a simple motif and the name itself. No
 * external URL anywhere (issue 3). Product, category and banner pictures are photos (images/pool.ts).
 */
import { bannerPictureId, categoryPictureId, productPictureIds } from './pool';
import { pictureUrl } from './ids';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + word.length + 1 > width) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) out.push(current);
  if (out.length > 3) return [...out.slice(0, 2), `${out[2] ?? ''}…`];
  return out;
}

function palette(seed: string, variant: number): { bg: string; fg: string; accent: string } {
  const h = hash(seed);
  const hue = ((h % 360) + variant * 47) % 360;
  const sat = 45 + ((h >> 9) % 30);
  return {
    bg: `hsl(${hue} ${sat}% 88%)`,
    fg: `hsl(${hue} ${sat}% 22%)`,
    accent: `hsl(${(hue + 180) % 360} ${sat}% 55%)`,
  };
}

function textBlock(title: string, x: number, y: number, size: number, width: number, fill: string, anchor = 'middle'): string {
  return lines(title, width)
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.25}" font-family="Instrument Sans, Arial, sans-serif" font-size="${size}" font-weight="600" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** Wide artwork with a title, for the about page's sections. */
export function bannerSvg(title: string, subtitle: string, index: number): string {
  const { bg, fg, accent } = palette(`banner-${title}`, index);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600" role="img" aria-label="${escapeXml(title)}"><rect width="1600" height="600" fill="${bg}"/><circle cx="1250" cy="300" r="240" fill="${accent}" opacity="0.45"/><circle cx="1420" cy="120" r="90" fill="${accent}" opacity="0.3"/>${textBlock(title, 120, 260, 72, 24, fg, 'start')}${textBlock(subtitle, 120, 420, 34, 50, fg, 'start')}</svg>`;
}

export function logoSvg(storeName: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="${escapeXml(storeName)}"><rect x="4" y="8" width="48" height="48" rx="12" fill="#111111"/><text x="28" y="42" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#FFF7F2" text-anchor="middle">${escapeXml(storeName.charAt(0))}</text><text x="64" y="42" font-family="Instrument Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#111111">${escapeXml(storeName)}</text></svg>`;
}

export function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="No image"><rect width="800" height="800" fill="#eeeeee"/><path d="M260 520 L360 400 L430 470 L500 390 L580 520 Z" fill="#cccccc"/><circle cx="320" cy="320" r="40" fill="#cccccc"/></svg>`;
}

/**
 * A product's picture URLs, cover first: the owner's own (`products.images`, comma-separated ids) when
 * set, else `count` generated ones from the pool (issue 20).
 */
export function productPictureUrls(slug: string, count: number, own?: string | null): string[] {
  const ids = own
    ? own
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : productPictureIds(slug, count);
  return ids.map(pictureUrl);
}

/** URL paths of the images (relative to the site origin, under the API's /api prefix). */
export const imageUrl = {
  category: (slug: string) => pictureUrl(categoryPictureId(slug)),
  /** The seed's n-th banner (1-based). */
  banner: (n: number) => pictureUrl(bannerPictureId(n - 1)),
  about: (id: number) => `/api/images/about/${id}.svg`,
  logo: () => '/api/images/logo.svg',
  placeholder: () => '/api/images/placeholder.svg',
};
