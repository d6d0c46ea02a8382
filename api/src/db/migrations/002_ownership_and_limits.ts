import type { Kysely } from 'kysely';

// See 001: `unknown` instead of Kysely's documented `any` for a past schema.
type Db = Kysely<unknown>;

/**
 * Issue 13.
 * - customers.mobile_verified_at: a mobile is a sign-in identity only once an OTP to it was verified.
 *   Customers without a password were all created by an OTP verification, so theirs are verified already.
 * - sessions.otp_verified_at: when this session proved the mobile (a "fresh OTP" for sensitive changes).
 * - rate_limits: the counters of @fastify/rate-limit, shared by every API process on the database.
 *   Times are epoch milliseconds in bigint (PostgreSQL's pg returns them as strings: read with Number()).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('customers').addColumn('mobile_verified_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('otp_verified_at', 'text').execute();
  const raw = db as unknown as Kysely<{
    customers: {
      mobile_verified_at: string | null;
      created_at: string;
      password_hash: string | null;
      phone_number: string | null;
      email: string | null;
    };
  }>;
  await raw
    .updateTable('customers')
    .set((eb) => ({ mobile_verified_at: eb.ref('created_at') }))
    .where('password_hash', 'is', null)
    .where('phone_number', 'is not', null)
    .execute();
  // The development demo account keeps signing in by OTP on databases seeded before this migration
  // (production refuses to start while it exists, so this verifies nothing a real shop holds).
  await raw
    .updateTable('customers')
    .set((eb) => ({ mobile_verified_at: eb.ref('created_at') }))
    .where('email', '=', 'demo@storefront.test')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('otp_verified_at').execute();
  await db.schema.alterTable('customers').dropColumn('mobile_verified_at').execute();
}
