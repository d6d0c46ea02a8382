/**
 * Photo-like catalogue pictures drawn on this machine (issue 20): a studio backdrop, the product's
 * silhouette in its colour with shading and a fabric/leather texture, a contact shadow, and film grain
 * over everything, so the JPEG weighs what a real product photo does (150–400 KB at 1600 × 2000) and
 * the resized AVIF/WebP variants cost what real ones cost. Nothing is fetched from anywhere.
 *
 * The drawing is SVG rendered by sharp (librsvg) at half size and enlarged (soft edges, like a lens),
 * then a tile of gaussian noise is laid over it: rendering full-size noise for every picture was
 * ten times slower and compressed no differently.
 */
import sharp from 'sharp';

/** The colours named in product names (seed/catalogue.ts), as a photo would show them. */
export const COLOUR_HEX: Record<string, string> = {
  indigo: '#3f4fa0',
  maroon: '#7a1f2b',
  olive: '#6b7a2e',
  mustard: '#d4a017',
  teal: '#137c7c',
  charcoal: '#36393f',
  ivory: '#e9dfc6',
  rust: '#b2502a',
  navy: '#1f2f5c',
  saffron: '#f08a24',
  emerald: '#1e8a5a',
  black: '#1d1d1f',
  tan: '#c49a6c',
};

/** What a product looks like, by the kind of thing it is. */
export type Shape = 'top' | 'kurta' | 'jeans' | 'watch' | 'bag' | 'backpack' | 'shoe' | 'wallet' | 'cap' | 'saree' | 'sunglasses' | 'belt';

export const SHAPES: readonly Shape[] = [
  'top',
  'kurta',
  'jeans',
  'watch',
  'bag',
  'backpack',
  'shoe',
  'wallet',
  'cap',
  'saree',
  'sunglasses',
  'belt',
];

export interface ProductScene {
  kind: 'product';
  shape: Shape;
  colour: string;
  /** Varies the composition (angle, backdrop, placement) deterministically. */
  variant: number;
}

export interface CategoryScene {
  kind: 'category';
  shape: Shape;
  colour: string;
  variant: number;
}

export interface BannerScene {
  kind: 'banner';
  shapes: Shape[];
  colour: string;
  title: string;
  subtitle: string;
  variant: number;
}

export type Scene = ProductScene | CategoryScene | BannerScene;

export const PICTURE_SIZE = {
  product: { width: 1600, height: 2000 },
  category: { width: 1000, height: 1000 },
  banner: { width: 2400, height: 900 },
} as const;

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Light, neutral studio backdrops; the pair is the centre and the edge of a radial gradient. */
const BACKDROPS: [string, string][] = [
  ['#f4efe8', '#c9bdb0'],
  ['#eef0f2', '#b8bec6'],
  ['#f3ece4', '#d2b9a0'],
  ['#edf1ec', '#b5c1b3'],
  ['#f5f1ea', '#bfb7aa'],
];

function backdropOf(colour: string, variant: number): [string, string] {
  // A pale product on a pale backdrop is lost: give it a darker, cooler studio.
  const [r, g, b] = rgb(colour);
  const light = 0.299 * r + 0.587 * g + 0.114 * b > 190;
  if (light) return ['#b9bcc2', '#6c7079'];
  return BACKDROPS[variant % BACKDROPS.length] as [string, string];
}

/**
 * The picture's placeholder colour: what the eye sees first, the backdrop, tinted by the product.
 * Computed from the drawing (not from the pixels) so a picture's id is known before it is drawn.
 */
export function sceneColour(scene: Scene): string {
  const [centre, edge] = backdropOf(scene.colour, scene.variant);
  return mix(mix(centre, edge, 0.45), scene.colour, scene.kind === 'banner' ? 0.25 : 0.3).slice(1);
}

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** The product's outline in a 1000 × 1000 box, centred on (500, 500). */
function silhouette(shape: Shape, fill: string, dark: string, light: string): string {
  switch (shape) {
    case 'top':
      return `<path d="M330 180 L420 140 Q500 200 580 140 L670 180 L860 330 L780 460 L690 400 L690 860 L310 860 L310 400 L220 460 L140 330 Z" fill="${fill}"/>
        <path d="M420 140 Q500 230 580 140 Q500 190 420 140 Z" fill="${dark}"/>`;
    case 'kurta':
      return `<path d="M360 120 L440 95 L500 170 L560 95 L640 120 L800 260 L740 560 L680 520 L700 930 L300 930 L320 520 L260 560 L200 260 Z" fill="${fill}"/>
        <path d="M500 170 L500 520" stroke="${dark}" stroke-width="10"/>
        <path d="M300 880 L700 880" stroke="${light}" stroke-width="18" opacity="0.7"/>`;
    case 'jeans':
      return `<path d="M320 110 L680 110 L720 900 L560 900 L505 330 L495 330 L440 900 L280 900 Z" fill="${fill}"/>
        <path d="M320 160 L680 160" stroke="${dark}" stroke-width="14"/>
        <path d="M505 330 L500 170" stroke="${light}" stroke-width="6" opacity="0.6"/>`;
    case 'watch':
      return `<rect x="420" y="60" width="160" height="300" rx="30" fill="${dark}"/>
        <rect x="420" y="640" width="160" height="300" rx="30" fill="${dark}"/>
        <circle cx="500" cy="500" r="210" fill="${mix(fill, '#c9ccd1', 0.5)}"/>
        <circle cx="500" cy="500" r="180" fill="${fill}"/>
        <path d="M500 500 L500 360 M500 500 L600 560" stroke="${light}" stroke-width="14" stroke-linecap="round"/>`;
    case 'bag':
      return `<path d="M360 330 Q360 170 500 170 Q640 170 640 330" fill="none" stroke="${dark}" stroke-width="34"/>
        <path d="M250 330 L750 330 L820 850 L180 850 Z" fill="${fill}"/>
        <path d="M250 330 L750 330 L760 420 L240 420 Z" fill="${dark}" opacity="0.55"/>
        <rect x="470" y="400" width="60" height="40" rx="6" fill="${light}"/>`;
    case 'backpack':
      return `<rect x="290" y="160" width="420" height="720" rx="120" fill="${fill}"/>
        <path d="M420 160 Q420 90 500 90 Q580 90 580 160" fill="none" stroke="${dark}" stroke-width="28"/>
        <rect x="350" y="520" width="300" height="260" rx="50" fill="${dark}" opacity="0.55"/>
        <path d="M360 520 L640 520" stroke="${light}" stroke-width="8"/>`;
    case 'shoe':
      return `<path d="M150 600 L180 420 Q260 400 330 440 Q420 500 560 520 Q760 540 850 620 L860 700 L150 700 Z" fill="${fill}"/>
        <path d="M150 700 L860 700 L860 740 L150 740 Z" fill="${light}"/>
        <path d="M330 450 L380 480 M360 430 L410 465 M390 415 L440 450" stroke="${dark}" stroke-width="10"/>`;
    case 'wallet':
      return `<rect x="220" y="300" width="560" height="400" rx="40" fill="${fill}"/>
        <path d="M220 380 L780 380" stroke="${dark}" stroke-width="12"/>
        <rect x="560" y="440" width="220" height="130" rx="30" fill="${dark}" opacity="0.6"/>
        <rect x="250" y="330" width="500" height="340" rx="26" fill="none" stroke="${light}" stroke-width="5" stroke-dasharray="16 12"/>`;
    case 'cap':
      return `<path d="M220 600 Q220 260 500 260 Q780 260 780 600 Z" fill="${fill}"/>
        <path d="M200 600 L900 600 Q880 690 640 690 L200 660 Z" fill="${dark}"/>
        <circle cx="500" cy="258" r="24" fill="${dark}"/>
        <path d="M500 260 L500 600 M360 300 Q420 450 420 600 M640 300 Q580 450 580 600" stroke="${dark}" stroke-width="6" opacity="0.6" fill="none"/>`;
    case 'saree':
      return `<path d="M260 120 Q520 60 740 160 Q700 460 780 920 L220 920 Q300 520 260 120 Z" fill="${fill}"/>
        <path d="M260 120 Q520 60 740 160 L720 230 Q520 130 280 190 Z" fill="${light}" opacity="0.85"/>
        <path d="M230 860 L770 860 L780 920 L220 920 Z" fill="${light}"/>
        <path d="M380 240 Q420 560 360 900 M560 220 Q600 560 560 900" stroke="${dark}" stroke-width="8" fill="none" opacity="0.5"/>`;
    case 'sunglasses':
      return `<path d="M140 420 L860 420" stroke="${dark}" stroke-width="26"/>
        <ellipse cx="320" cy="520" rx="170" ry="130" fill="${fill}" stroke="${dark}" stroke-width="22"/>
        <ellipse cx="680" cy="520" rx="170" ry="130" fill="${fill}" stroke="${dark}" stroke-width="22"/>
        <path d="M470 480 Q500 450 530 480" stroke="${dark}" stroke-width="20" fill="none"/>
        <path d="M240 470 L300 440 M600 470 L660 440" stroke="${light}" stroke-width="16" stroke-linecap="round"/>`;
    case 'belt':
      return `<circle cx="500" cy="520" r="300" fill="none" stroke="${fill}" stroke-width="90"/>
        <circle cx="500" cy="520" r="300" fill="none" stroke="${dark}" stroke-width="4" stroke-dasharray="14 10"/>
        <rect x="720" y="430" width="140" height="180" rx="20" fill="none" stroke="${light}" stroke-width="26"/>`;
  }
}

/** One product standing in the frame, lit from the top left, with a texture and a contact shadow. */
function productLayer(shape: Shape, colour: string, cx: number, cy: number, size: number, rotate: number, id: string): string {
  const dark = mix(colour, '#000000', 0.35);
  const light = mix(colour, '#ffffff', 0.55);
  const scale = size / 1000;
  // Shading is a gradient fill and the weave a second, patterned copy of the outline: masks and
  // clip paths made librsvg ten times slower.
  return `<defs>
      <linearGradient id="shade${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.22)}"/><stop offset="0.5" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.3)}"/></linearGradient>
      <pattern id="weave${id}" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 7 H14 M7 0 V14" stroke="${dark}" stroke-width="2"/></pattern>
    </defs>
    <ellipse cx="${cx + size * 0.04}" cy="${cy + size * 0.46}" rx="${size * 0.42}" ry="${size * 0.05}" fill="#000" opacity="0.22"/>
    <g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${scale}) rotate(${rotate} 500 500)">
      ${silhouette(shape, `url(#shade${id})`, dark, light)}
    </g>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The scene as SVG, `1/scale` of the picture's size (it is enlarged after rendering). */
function sceneSvg(scene: Scene, width: number, height: number, scale: number): string {
  const rand = lcg(scene.variant * 7919 + scene.colour.length * 131 + 17);
  const [centre, edge] = backdropOf(scene.colour, scene.variant);
  const bg = `<defs><radialGradient id="bg" cx="${40 + rand() * 20}%" cy="${30 + rand() * 15}%" r="80%"><stop offset="0" stop-color="${centre}"/><stop offset="1" stop-color="${edge}"/></radialGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <rect y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="${edge}" opacity="0.35"/>`;
  let body = '';
  if (scene.kind === 'banner') {
    const n = scene.shapes.length;
    scene.shapes.forEach((shape, i) => {
      const size = height * 0.78;
      // Products on the right half, text on the left.
      const cx = n === 1 ? width * 0.75 : width * (0.58 + (0.3 * i) / (n - 1));
      body += productLayer(
        shape,
        i === 0 ? scene.colour : mix(scene.colour, '#ffffff', 0.25 * i),
        cx,
        height * 0.5,
        size,
        (rand() - 0.5) * 16,
        `b${i}`,
      );
    });
    const ink = '#1d1d1f';
    body += `<text x="${width * 0.06}" y="${height * 0.42}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${height * 0.13}" font-weight="700" fill="${ink}">${escapeXml(scene.title)}</text>`;
    body += `<text x="${width * 0.06}" y="${height * 0.56}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${height * 0.055}" fill="${ink}" opacity="0.85">${escapeXml(scene.subtitle)}</text>`;
  } else {
    const size = Math.min(width, height) * (scene.kind === 'category' ? 0.78 : 0.86);
    const cx = width / 2 + (rand() - 0.5) * width * 0.06;
    const cy = height * (scene.kind === 'category' ? 0.5 : 0.52) + (rand() - 0.5) * height * 0.04;
    body = productLayer(scene.shape, scene.colour, cx, cy, size, (rand() - 0.5) * 14, 'p');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width / scale}" height="${height / scale}" viewBox="0 0 ${width} ${height}">${bg}${body}</svg>`;
}

let grainTiles: Promise<Buffer[]> | null = null;

/**
 * Two 512-px tiles of gaussian grain with a little alpha, laid over the whole picture: a fine one (what
 * the full-size JPEG weighs) and a coarse one, 4-px grains that survive resizing, so a 480-px AVIF of the
 * picture weighs what one of a photo does (~15 KB) instead of the 2 KB of a flat drawing.
 */
function grain(): Promise<Buffer[]> {
  const noise = (size: number, sigma: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .png()
      .toBuffer();
  grainTiles ??= Promise.all([
    noise(512, 48).then((b) => sharp(b).blur(0.7).ensureAlpha(0.16).png({ compressionLevel: 1 }).toBuffer()),
    noise(128, 60).then((b) =>
      sharp(b).resize(512, 512, { kernel: 'cubic' }).blur(0.5).ensureAlpha(0.12).png({ compressionLevel: 1 }).toBuffer(),
    ),
  ]);
  return grainTiles;
}

/** Draws the scene as a baseline JPEG of the size of its kind. */
export async function drawScene(scene: Scene): Promise<Buffer> {
  const { width, height } = PICTURE_SIZE[scene.kind];
  const svg = sceneSvg(scene, width, height, 2);
  return sharp(Buffer.from(svg))
    .resize(width, height, { kernel: 'cubic' })
    .composite((await grain()).map((input) => ({ input, tile: true, blend: 'over' as const })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
