/**
 * Stock, prices and the store's information and theme, changed by staff (issue 38). Each change is one
 * transaction with the activity record (before and after) and the catalogue change log, which is how every
 * API process's catalogue cache (lib/cache.ts), and through it the server render, learns of it.
 * No Fastify here.
 */
import type { StoreInfoFields } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { StaffRow } from '../db/repositories/staff';
import { CHANGE } from '../lib/cache';
import { conflict, fieldError, notFound } from '../lib/errors';
import { money } from '../lib/money';
import type { Transaction } from './cart';
import { toStaffProduct } from './wire';

export interface VariationChange {
  /** The new stock, and the stock the member saw (a sale meanwhile makes it a 409, not a lost sale). */
  stock?: { to: number; from: number } | undefined;
  /** Paise. */
  price?: number | undefined;
  mrp?: number | undefined;
}

const shown = (v: { stock: number; price: number; mrp: number }) => ({ stock: v.stock, price: money(v.price), mrp: money(v.mrp) });

export async function changeVariation(tx: Transaction, member: StaffRow, id: number, change: VariationChange) {
  return tx(async (r: Repositories) => {
    const before = await r.storeAdmin.variation(id);
    if (!before) throw notFound('Variation not found');
    const price = change.price ?? before.price;
    const mrp = change.mrp ?? before.mrp;
    if (price > mrp) throw fieldError(change.price !== undefined ? 'price' : 'mrp', 'Selling price cannot be above the MRP');
    const patch = {
      ...(change.stock ? { stock: change.stock.to } : {}),
      ...(change.price !== undefined ? { price } : {}),
      ...(change.mrp !== undefined ? { mrp } : {}),
    };
    if (!(await r.storeAdmin.setVariation(id, patch, change.stock?.from)))
      throw conflict(`The stock changed meanwhile: it is now ${before.stock}. Please refresh.`, { stock: 'Changed meanwhile' });
    await r.catalog.refreshProducts([before.product_id]);
    const after = await r.storeAdmin.variation(id);
    if (!after) throw notFound('Variation not found');
    await r.staff.record(member.id, {
      action: 'variation.change',
      subjectType: 'variation',
      subjectId: id,
      before: shown(before),
      after: shown(after),
    });
    return { id: after.id, product_id: after.product_id, product_variation: after.label, ...shown(after) };
  });
}

export async function changeStoreInfo(tx: Transaction, member: StaffRow, patch: Partial<StoreInfoFields>): Promise<void> {
  await tx(async (r: Repositories) => {
    const before = await r.storeAdmin.storeInfo();
    if (!before) throw notFound('Store information is not set up');
    await r.storeAdmin.setStoreInfo(patch);
    const after = await r.storeAdmin.storeInfo();
    // Store info is cached with the catalogue; a change to it touches every page.
    await r.catalog.recordChanges([{ product_id: null, kind: CHANGE.ALL }]);
    await r.staff.record(member.id, { action: 'store.change', subjectType: 'store', subjectId: 1, before, after });
  });
}

/**
 * Hides a product from the shop or shows it again (issue 38). The change log entry drops every cached
 * list, the sitemap and the product's page in every API process (a hidden product is in many lists). A
 * repeat changes and records nothing.
 */
export async function setProductHidden(tx: Transaction, member: StaffRow, id: number, hidden: boolean) {
  return tx(async (r: Repositories) => {
    const before = await r.storeAdmin.product(id);
    if (!before) throw notFound('Product not found');
    if (await r.storeAdmin.setHidden(id, hidden)) {
      await r.catalog.recordChanges([{ product_id: id, kind: CHANGE.ALL }]);
      await r.staff.record(member.id, {
        action: hidden ? 'product.hide' : 'product.show',
        subjectType: 'product',
        subjectId: id,
        before: { hidden: before.hidden === 1 },
        after: { hidden },
      });
    }
    const after = await r.storeAdmin.product(id);
    if (!after) throw notFound('Product not found');
    return toStaffProduct(after);
  });
}

/**
 * The back office's new picture for a product (issue 38): the photo was stored by the picture pipeline
 * (images/store) before this; here the product takes it as its one picture, recorded with the cover it had.
 * The change log entry drops what shows the product in every API process.
 */
export async function setProductPicture(tx: Transaction, member: StaffRow, id: number, pictureId: string) {
  return tx(async (r: Repositories) => {
    const before = await r.storeAdmin.product(id);
    if (!before) throw notFound('Product not found');
    await r.catalog.setProductPictures(before.slug, [pictureId]);
    const after = await r.storeAdmin.product(id);
    if (!after) throw notFound('Product not found');
    const shown = toStaffProduct(after);
    await r.staff.record(member.id, {
      action: 'product.picture',
      subjectType: 'product',
      subjectId: id,
      before: { cover_image: toStaffProduct(before).cover_image },
      after: { cover_image: shown.cover_image },
    });
    return shown;
  });
}
