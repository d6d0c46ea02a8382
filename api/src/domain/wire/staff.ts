import type { StaffMember, StaffProduct, StaffRole } from '@storefront/contract';
import { productImages } from '../../db/repositories/catalog';
import type { StaffRow } from '../../db/repositories/staff';
import type { StaffProductRecord } from '../../db/repositories/storeAdmin';
import { money } from '../../lib/money';

export function toStaffMember(s: StaffRow): StaffMember {
  return { id: s.id, email: s.email, name: s.name, role: s.role as StaffRole, disabled: s.disabled_at !== null, created_at: s.created_at };
}

/** A product as the back office lists it: its cover, whether it is hidden, each variation's stock and prices. */
export function toStaffProduct(r: StaffProductRecord): StaffProduct {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    hidden: r.hidden === 1,
    cover_image: productImages(r.slug, r.image_count, r.images)[0] ?? null,
    variations: r.variations.map((v) => ({ id: v.id, label: v.label, stock: v.stock, price: money(v.price), mrp: money(v.mrp) })),
  };
}
