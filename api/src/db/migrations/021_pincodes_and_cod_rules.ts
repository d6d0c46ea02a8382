import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 39: where the shop delivers and how it takes cash.
 * - pincodes: the owner's list (`pincodes:load`), replaced whole; `cod` 0/1; courier days of its zone.
 *   An empty list means the shop has not loaded one and delivers all over India (spec §9's offer text).
 * - cod_excluded_pincodes: the owner's own "no cash here" list, kept across list reloads.
 * - shop_holidays: days (IST, YYYY-MM-DD) nobody packs or delivers, besides Sundays.
 * - shipping_rules: one row (id 1) — processing days and closing time, and the cash-on-delivery rules
 *   (paise; null switches a rule off). Who changed them last is in staff_actions.
 */
export async function up(db: Db): Promise<void> {
  const s = db.schema;
  await s
    .createTable('pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('cod', 'integer', (c) => c.notNull())
    .addColumn('min_days', 'integer', (c) => c.notNull())
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createTable('cod_excluded_pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('shop_holidays')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('shipping_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('processing_days', 'integer', (c) => c.notNull())
    .addColumn('closing_minute', 'integer', (c) => c.notNull())
    .addColumn('cod_max_order', 'bigint')
    .addColumn('cod_fee', 'integer', (c) => c.notNull())
    .addColumn('cod_rto_limit', 'integer')
    .addColumn('cod_otp_above', 'bigint')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['shipping_rules', 'shop_holidays', 'cod_excluded_pincodes', 'pincodes'])
    await db.schema.dropTable(t).ifExists().execute();
}
