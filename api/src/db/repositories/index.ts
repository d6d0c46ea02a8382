import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { Clock } from '../../lib/clock';
import type { CatalogCache } from '../../lib/cache';
import { CatalogRepository } from './catalog';
import { CustomerRepository } from './customers';
import { OtpRepository } from './otps';
import { CartRepository } from './carts';
import { WishlistRepository } from './wishlist';
import { CouponRepository } from './coupons';
import { OrderRepository } from './orders';
import { ContentRepository } from './content';
import { PaymentRepository } from './payments';
import { StaffRepository } from './staff';
import { FulfilmentRepository } from './fulfilment';
import { NotificationRepository } from './notifications';
import { StoreAdminRepository } from './storeAdmin';
import { DeliveryRepository } from './delivery';
import { AddressRepository } from './addresses';
import { InvoiceRepository } from './invoices';
import { SynonymRepository } from './synonyms';

/** Every repository over one executor: the database, or a transaction (checkout, cancel, payment). */
export interface Repositories {
  catalog: CatalogRepository;
  customers: CustomerRepository;
  otps: OtpRepository;
  carts: CartRepository;
  wishlist: WishlistRepository;
  coupons: CouponRepository;
  orders: OrderRepository;
  content: ContentRepository;
  payments: PaymentRepository;
  staff: StaffRepository;
  fulfilment: FulfilmentRepository;
  notifications: NotificationRepository;
  storeAdmin: StoreAdminRepository;
  delivery: DeliveryRepository;
  addresses: AddressRepository;
  invoices: InvoiceRepository;
  synonyms: SynonymRepository;
}

/** `cache`: the app's one catalogue cache (none when omitted, as in the seed). */
export function createRepositories(db: Kysely<Database>, clock: Clock, cache?: CatalogCache): Repositories {
  return {
    catalog: new CatalogRepository(db, cache),
    customers: new CustomerRepository(db, clock),
    otps: new OtpRepository(db, clock),
    carts: new CartRepository(db, clock),
    wishlist: new WishlistRepository(db, clock),
    coupons: new CouponRepository(db),
    orders: new OrderRepository(db, clock),
    content: new ContentRepository(db, clock),
    payments: new PaymentRepository(db, clock),
    staff: new StaffRepository(db, clock),
    fulfilment: new FulfilmentRepository(db, clock),
    notifications: new NotificationRepository(db, clock),
    storeAdmin: new StoreAdminRepository(db),
    delivery: new DeliveryRepository(db, clock),
    addresses: new AddressRepository(db, clock),
    invoices: new InvoiceRepository(db),
    synonyms: new SynonymRepository(db),
  };
}
