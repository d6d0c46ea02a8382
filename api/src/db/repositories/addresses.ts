import type { Kysely, Selectable } from 'kysely';
import type { ShippingAddress } from '@storefront/contract';
import type { CustomerAddressTable, Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';

export type AddressRow = Selectable<CustomerAddressTable>;

/** The fields of a saved address, as written. */
export interface AddressFields extends Required<ShippingAddress> {
  label: string;
}

/**
 * A customer's saved addresses (issue 39). Every read and write names the customer: an id of someone
 * else's address finds nothing, so it cannot be read, changed or deleted by another customer.
 */
export class AddressRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The default first, then the most recently changed. */
  list(customerId: number): Promise<AddressRow[]> {
    return this.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('is_default', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  owned(customerId: number, id: number): Promise<AddressRow | undefined> {
    return this.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(customerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('customer_addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(customerId: number, fields: AddressFields): Promise<AddressRow> {
    const when = iso(this.clock.now());
    return this.db
      .insertInto('customer_addresses')
      .values({ customer_id: customerId, ...fields, is_default: 0, created_at: when, updated_at: when })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(customerId: number, id: number, fields: AddressFields): Promise<void> {
    await this.db
      .updateTable('customer_addresses')
      .set({ ...fields, updated_at: iso(this.clock.now()) })
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .execute();
  }

  async remove(customerId: number, id: number): Promise<void> {
    await this.db.deleteFrom('customer_addresses').where('customer_id', '=', customerId).where('id', '=', id).execute();
  }

  /** Makes `id` the customer's one default (null: none). */
  async setDefault(customerId: number, id: number | null): Promise<void> {
    await this.db
      .updateTable('customer_addresses')
      .set((eb) => ({ is_default: id === null ? 0 : eb.case().when('id', '=', id).then(1).else(0).end() }))
      .where('customer_id', '=', customerId)
      .execute();
  }
}
