/**
 * Where pictures live and how their variants are made (issue 20).
 *
 * - originals: the generated pool (pool.ts) and the shop owner's own pictures (`<imageDir>/originals`);
 * - variants: one file per (picture, width, format), made by sharp on first request and kept in
 *   `<imageDir>/variants/<id>/<width>.<format>`. Ids never change meaning, so a variant never goes stale;
 *   several API processes may share the folder (each writes a temporary file and renames it).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { formatImageId, parseImageId, type ImageFormat } from './ids';
import type { PhotoPool } from './pool';
import { PICTURE_SIZE } from './photos';
import { FairQueue } from '../lib/queue';

/** Part of every variant's ETag: bump when the encoder settings below change. */
export const ENCODER_VERSION = 'e1';

/** Encoder settings: about what a photo CDN sends — small files that still look like the photo. */
const ENCODE: Record<ImageFormat, (img: Sharp) => Sharp> = {
  // effort 2: AVIF's default (4) took ~3× as long to encode for a few percent of bytes.
  avif: (img) => img.avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' }),
  webp: (img) => img.webp({ quality: 72, effort: 4 }),
  jpeg: (img) => img.jpeg({ quality: 76, progressive: true, mozjpeg: true }),
};

export const CONTENT_TYPE: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** An owner's picture larger than this is refused rather than decoded (a 50-megapixel photo is plenty). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Encodes: 2 at once (a burst of first requests must not starve the API), up to 64 waiting, 16 of them one
 * client's, started in turn by client, so one client's cold large AVIFs do not hold everyone's first
 * small picture; beyond, 503 with Retry-After (a browser's next page load asks again).
 */
const newEncodingQueue = () => new FairQueue('picture encoding', 2, 64, 16);

/** The most-asked variants are kept in memory too (a page's pictures are asked for again and again). */
const MEMORY_BYTES = 64 * 1024 * 1024;

export class PictureError extends Error {}

export class ImageStore {
  private readonly originalsDir: string;
  private readonly variantsDir: string;
  private readonly pending = new Map<string, Promise<string>>();
  private readonly encodes = newEncodingQueue();
  /** Least recently used first (a Map keeps insertion order; a hit moves the entry to the end). */
  private readonly memory = new Map<string, Buffer>();
  private memoryBytes = 0;

  constructor(
    imageDir: string,
    private readonly pool: PhotoPool,
  ) {
    this.originalsDir = path.join(imageDir, 'originals');
    this.variantsDir = path.join(imageDir, 'variants');
  }

  /** The original's file, or null when no picture has this id. */
  async original(id: string): Promise<string | null> {
    if (!parseImageId(id)) return null;
    if (this.pool.has(id)) return this.pool.file(id);
    const own = path.join(this.originalsDir, `${id}.jpg`);
    return fs.existsSync(own) ? own : null;
  }

  variantFile(id: string, width: number, format: ImageFormat): string {
    return path.join(this.variantsDir, id, `${width}.${format}`);
  }

  /**
   * The variant's bytes: from memory, from the disk cache, or made now. `made` says whether this
   * request encoded it (the route reports it in a header, so the cost of a first request can be
   * measured apart from a cached one).
   */
  async variant(id: string, width: number, format: ImageFormat, client = ''): Promise<{ bytes: Buffer; made: boolean } | null> {
    const key = `${id}/${width}.${format}`;
    const kept = this.memory.get(key);
    if (kept) {
      this.memory.delete(key);
      this.memory.set(key, kept);
      return { bytes: kept, made: false };
    }
    const file = this.variantFile(id, width, format);
    if (fs.existsSync(file)) return { bytes: this.keep(key, await fs.promises.readFile(file)), made: false };
    const made = await this.encode(key, id, width, format, file, client);
    return made ? { bytes: this.keep(key, await fs.promises.readFile(made)), made: true } : null;
  }

  private keep(key: string, bytes: Buffer): Buffer {
    if (!this.memory.has(key)) {
      this.memory.set(key, bytes);
      this.memoryBytes += bytes.length;
    }
    for (const [k, b] of this.memory) {
      if (this.memoryBytes <= MEMORY_BYTES) break;
      this.memory.delete(k);
      this.memoryBytes -= b.length;
    }
    return bytes;
  }

  /** Encodes a variant into `file` once, however many ask for it at the same time; '' when no such picture. */
  private encode(key: string, id: string, width: number, format: ImageFormat, file: string, client: string): Promise<string> {
    let job = this.pending.get(key);
    if (!job) {
      job = (async () => {
        const original = await this.original(id);
        if (!original) return '';
        return this.encodes.run(client, async () => {
          const out = await ENCODE[format](sharp(original).resize({ width, withoutEnlargement: true })).toBuffer();
          fs.mkdirSync(path.dirname(file), { recursive: true });
          const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
          fs.writeFileSync(tmp, out);
          fs.renameSync(tmp, file);
          return file;
        });
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  /**
   * Stores an owner's product picture and returns its id. The photo is turned upright (EXIF), cropped
   * to the catalogue's 4:5 around its most interesting part, scaled to 1600 × 2000 at most, stripped of
   * metadata (location, camera) and saved as JPEG. The same file imported twice gets the same id.
   */
  async importProductPicture(input: Buffer): Promise<string> {
    const { width: W, height: H } = PICTURE_SIZE.product;
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new PictureError('not a picture sharp can read (JPEG, PNG, WebP, AVIF, TIFF or GIF)');
    }
    if (!meta.width || !meta.height) throw new PictureError('the picture has no size');
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const scale = Math.min(1, meta.width / W, meta.height / H);
    const width = Math.max(160, Math.round(W * scale));
    const height = Math.round((width * H) / W);
    const jpeg = await upright
      .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    const stats = await sharp(jpeg).stats();
    const { r, g, b } = stats.dominant;
    const colour = [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
    const hash = createHash('sha256').update(jpeg).digest('hex').slice(0, 16);
    const info = await sharp(jpeg).metadata();
    const id = formatImageId({ hash, width: info.width ?? width, height: info.height ?? height, colour });
    fs.mkdirSync(this.originalsDir, { recursive: true });
    const file = path.join(this.originalsDir, `${id}.jpg`);
    if (!fs.existsSync(file)) {
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, jpeg);
      fs.renameSync(tmp, file);
    }
    return id;
  }
}
