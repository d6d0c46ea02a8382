import type { CatalogRepository } from '../db/repositories/catalog';
import type { ImageStore } from '../images/store';

/** Most pictures one product may have (the gallery's thumbnails stay usable). */
export const MAX_PRODUCT_PICTURES = 10;
/** A larger file is refused before it is read into memory. */
export const MAX_PICTURE_BYTES = 25 * 1024 * 1024;

export class ReplaceError extends Error {}

/**
 * Replaces a product's pictures with the owner's files (cover first), or gives it back the generated
 * ones with an empty list. The files are stored first and the product changed last, so a failure
 * leaves the product as it was. Used by the `images:replace` CLI; the catalogue reads the new ids on
 * its next load (at most 5 s later in another API process: the catalogue cache's lifetime).
 */
export async function replaceProductPictures(
  catalog: Pick<CatalogRepository, 'setProductPictures'>,
  store: Pick<ImageStore, 'importProductPicture'>,
  slug: string,
  files: Buffer[],
): Promise<string[]> {
  if (files.length > MAX_PRODUCT_PICTURES) throw new ReplaceError(`at most ${MAX_PRODUCT_PICTURES} pictures per product`);
  const ids: string[] = [];
  for (const file of files) {
    if (file.length > MAX_PICTURE_BYTES) throw new ReplaceError(`a picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    ids.push(await store.importProductPicture(file));
  }
  if (!(await catalog.setProductPictures(slug, ids.length ? ids : null))) throw new ReplaceError(`no product with the slug "${slug}"`);
  return ids;
}
