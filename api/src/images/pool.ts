/**
 * The catalogue's generated pictures (issue 20): a fixed, deterministic pool (one picture per product
 * shape and colour family, per category, per home banner) that products point into, never one picture
 * per product. Each id derives from what the picture shows and the drawing's version, so it is known
 * without drawing; the files live in `<poolDir>/<version>/` across databases and runs. Why and what it
 * costs: docs/performance.md ("Photos").
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PICTURE_SIZE, SHAPES, drawScene, sceneColour, type Scene, type Shape, COLOUR_HEX } from './photos';
import { formatImageId } from './ids';

/** Bump when the drawing changes: new ids, new files, nothing stale served as immutable. */
export const POOL_VERSION = 'p2';

/** Colour families: every colour named in a product maps to one, drawn in the family's first colour. */
const FAMILIES: string[][] = [
  ['indigo', 'navy'],
  ['maroon', 'rust'],
  ['olive', 'emerald', 'teal'],
  ['mustard', 'saffron', 'tan'],
  ['charcoal', 'black'],
  ['ivory'],
];

/** Words of a product slug → what it looks like. The first match wins (`denim shirt` is a shirt). */
const SHAPE_WORDS: [RegExp, Shape][] = [
  [/\b(watch)\b/, 'watch'],
  [/\b(sunglasses)\b/, 'sunglasses'],
  [/\b(belt)\b/, 'belt'],
  [/\b(backpack|daypack)\b/, 'backpack'],
  [/\b(bag|tote|clutch|satchel)\b/, 'bag'],
  [/\b(wallet|holder)\b/, 'wallet'],
  [/\b(cap|hat)\b/, 'cap'],
  [/\b(saree)\b/, 'saree'],
  [/\b(kurta)\b/, 'kurta'],
  [/\b(shirt|tee)\b/, 'top'],
  [/\b(jeans|denim)\b/, 'jeans'],
  [/\b(shoes|derby|loafers|sneakers|boots|chappals|heels|juttis|flats|sandals)\b/, 'shoe'],
];

const CATEGORY_SHAPES: Record<string, Shape> = {
  't-shirts': 'top',
  shirts: 'top',
  denims: 'jeans',
  'mens-watch': 'watch',
  'womens-watch': 'watch',
  handbags: 'bag',
  'mens-shoes': 'shoe',
  wallet: 'wallet',
  caps: 'cap',
  kurtas: 'kurta',
  sarees: 'saree',
  sunglasses: 'sunglasses',
  'womens-footwear': 'shoe',
  backpacks: 'backpack',
  belts: 'belt',
};

/** The home banners of the seed, in order (seed/index.ts). */
export const BANNER_SCENES = [
  {
    title: 'The Festive Edit',
    subtitle: 'Kurtas, sarees and juttis for every celebration',
    shapes: ['kurta', 'saree'] as Shape[],
    colour: 'maroon',
  },
  { title: 'Denim Days', subtitle: 'Slim, straight and relaxed fits from ₹999', shapes: ['jeans', 'top'] as Shape[], colour: 'indigo' },
  { title: 'Time to Shine', subtitle: "Men's and women's watches up to 40% off", shapes: ['watch', 'watch'] as Shape[], colour: 'tan' },
];

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export interface PoolEntry {
  id: string;
  scene: Scene;
}

function entry(key: string, scene: Scene): PoolEntry {
  const { width, height } = PICTURE_SIZE[scene.kind];
  const hash = createHash('sha256').update(`${POOL_VERSION}:${key}`).digest('hex').slice(0, 16);
  return { id: formatImageId({ hash, width, height, colour: sceneColour(scene) }), scene };
}

function productEntry(shape: Shape, family: number): PoolEntry {
  const colour = COLOUR_HEX[FAMILIES[family]?.[0] ?? 'charcoal'] ?? '#36393f';
  return entry(`product:${shape}:${family}`, { kind: 'product', shape, colour, variant: family + SHAPES.indexOf(shape) });
}

const productEntries = new Map<string, PoolEntry>();
for (const shape of SHAPES) for (let f = 0; f < FAMILIES.length; f += 1) productEntries.set(`${shape}:${f}`, productEntry(shape, f));

function shapeOfSlug(slug: string): Shape {
  const words = slug.replace(/-/g, ' ');
  for (const [re, shape] of SHAPE_WORDS) if (re.test(words)) return shape;
  return SHAPES[hashOf(slug) % SHAPES.length] as Shape;
}

function familyOfSlug(slug: string): number {
  for (const word of slug.split('-')) {
    const f = FAMILIES.findIndex((names) => names.includes(word));
    if (f >= 0) return f;
  }
  return hashOf(slug) % FAMILIES.length;
}

/** The ids of a product's generated pictures, cover first. */
export function productPictureIds(slug: string, count: number): string[] {
  const shape = shapeOfSlug(slug);
  const family = familyOfSlug(slug);
  return Array.from({ length: Math.max(0, count) }, (_, i) => productEntries.get(`${shape}:${(family + i) % FAMILIES.length}`)?.id ?? '');
}

const categoryEntryCache = new Map<string, PoolEntry>();

function categoryEntry(slug: string): PoolEntry {
  let e = categoryEntryCache.get(slug);
  if (!e) {
    const names = Object.keys(COLOUR_HEX);
    const colour = COLOUR_HEX[names[hashOf(slug) % names.length] ?? 'teal'] ?? '#137c7c';
    e = entry(`category:${slug}`, {
      kind: 'category',
      shape: CATEGORY_SHAPES[slug] ?? shapeOfSlug(slug),
      colour,
      variant: hashOf(slug) % 5,
    });
    categoryEntryCache.set(slug, e);
  }
  return e;
}

export function categoryPictureId(slug: string): string {
  return categoryEntry(slug).id;
}

function bannerEntry(index: number): PoolEntry | undefined {
  const b = BANNER_SCENES[index];
  if (!b) return undefined;
  return entry(`banner:${index}`, {
    kind: 'banner',
    shapes: b.shapes,
    colour: COLOUR_HEX[b.colour] ?? '#7a1f2b',
    title: b.title,
    subtitle: b.subtitle,
    variant: index,
  });
}

/** The seed's n-th home banner (0-based). */
export function bannerPictureId(index: number): string {
  return bannerEntry(index)?.id ?? '';
}

/** Every picture of the pool: the products' and the seeded categories' and banners'. */
export function poolEntries(categorySlugs: readonly string[]): PoolEntry[] {
  const banners = BANNER_SCENES.map((_, i) => bannerEntry(i)).filter((e): e is PoolEntry => Boolean(e));
  return [...banners, ...categorySlugs.map(categoryEntry), ...productEntries.values()];
}

export class PhotoPool {
  private readonly dir: string;
  private readonly drawing = new Map<string, Promise<string>>();
  private byId: Map<string, PoolEntry> | null = null;

  constructor(
    poolDir: string,
    private readonly categorySlugs: () => readonly string[],
  ) {
    this.dir = path.join(poolDir, POOL_VERSION);
  }

  private index(): Map<string, PoolEntry> {
    this.byId ??= new Map(poolEntries(this.categorySlugs()).map((e) => [e.id, e]));
    return this.byId;
  }

  has(id: string): boolean {
    return this.index().has(id);
  }

  fileOf(id: string): string {
    return path.join(this.dir, `${id}.jpg`);
  }

  /** The file of a pool picture, drawn now if it is missing (once, however many ask at the same time). */
  async file(id: string): Promise<string | null> {
    const e = this.index().get(id);
    if (!e) return null;
    const file = this.fileOf(id);
    if (fs.existsSync(file)) return file;
    let pending = this.drawing.get(id);
    if (!pending) {
      pending = (async () => {
        const jpeg = await drawScene(e.scene);
        fs.mkdirSync(this.dir, { recursive: true });
        // Another process may be drawing the same picture: each writes its own file, then renames.
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        fs.writeFileSync(tmp, jpeg);
        fs.renameSync(tmp, file);
        return file;
      })().finally(() => this.drawing.delete(id));
      this.drawing.set(id, pending);
    }
    return pending;
  }

  /** Draws every missing picture, two at a time; returns how many were drawn. */
  async ensureAll(): Promise<{ total: number; drawn: number }> {
    const ids = [...this.index().keys()];
    const missing = ids.filter((id) => !fs.existsSync(this.fileOf(id)));
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const id = missing[next] as string;
        next += 1;
        await this.file(id);
      }
    };
    await Promise.all([worker(), worker()]);
    return { total: ids.length, drawn: missing.length };
  }
}

/**
 * Draws what is missing of the pool for the seeded categories (at start-up, next to the seed): ~10 s of
 * CPU the first time on this kind of machine, a directory listing after that.
 */
export async function prepareCataloguePictures(
  poolDir: string,
  categorySlugs: readonly string[],
): Promise<{ total: number; drawn: number; ms: number; cpuMs: number }> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const result = await new PhotoPool(poolDir, () => categorySlugs).ensureAll();
  const used = process.cpuUsage(cpu);
  return { ...result, ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000) };
}
