/**
 * Locally generated SVG artwork for products, categories, banners and the logo: a deterministic colour
 * scheme from the name, a simple motif and the name itself. No external URL anywhere (issue 3).
 */

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
  const hue = (h % 360 + variant * 47) % 360;
  const sat = 45 + (h >> 9) % 30;
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

/** A square product picture; `index` varies the view (1 = cover). */
export function productSvg(name: string, slug: string, index: number): string {
  const { bg, fg, accent } = palette(slug, index - 1);
  const h = hash(`${slug}#${index}`);
  const shape =
    index % 3 === 1
      ? `<circle cx="400" cy="330" r="${150 + (h % 40)}" fill="${accent}" opacity="0.55"/>`
      : index % 3 === 2
        ? `<rect x="${230 + (h % 30)}" y="170" width="340" height="320" rx="36" fill="${accent}" opacity="0.5"/>`
        : `<path d="M400 140 L610 500 L190 500 Z" fill="${accent}" opacity="0.5"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(name)}"><rect width="800" height="800" fill="${bg}"/>${shape}${textBlock(name, 400, 620, 44, 26, fg)}<text x="400" y="760" font-family="Arial, sans-serif" font-size="22" fill="${fg}" opacity="0.7" text-anchor="middle">view ${index}</text></svg>`;
}

export function categorySvg(name: string, slug: string): string {
  const { bg, fg, accent } = palette(slug, 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(name)}"><rect width="400" height="400" rx="24" fill="${bg}"/><circle cx="200" cy="160" r="90" fill="${accent}" opacity="0.6"/>${textBlock(name, 200, 320, 34, 16, fg)}</svg>`;
}

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

/** URL paths of the generated images (relative to the site origin, under the API's /api prefix). */
export const imageUrl = {
  product: (slug: string, index: number) => `/api/images/products/${slug}/${index}.svg`,
  category: (slug: string) => `/api/images/categories/${slug}.svg`,
  banner: (id: number) => `/api/images/banners/${id}.svg`,
  about: (id: number) => `/api/images/about/${id}.svg`,
  logo: () => '/api/images/logo.svg',
  placeholder: () => '/api/images/placeholder.svg',
};
