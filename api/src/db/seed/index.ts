import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { DELIVERY_PATH, type OrderStatus } from '@storefront/contract';
import { createRepositories } from '../repositories';
import { defaultVariation, productImages } from '../repositories/catalog';
import { imageUrl } from '../../images/urls';
import { iso, type Clock } from '../../lib/clock';
import { buildCatalogue, CATEGORIES } from './catalogue';
import { STATES_AND_CITIES } from './india';
import { GST_RATES_BY_CATEGORY } from './gst';
import { productSearchWords } from '../../lib/searchText';
import { addSearchTerms, countTerms } from '../searchWords';
import fs from 'node:fs';
import { DeliveryRepository } from '../repositories/delivery';
import { parsePincodeCsv } from '../pincodeFile';
import { SAMPLE_PINCODES_CSV } from './pincodes';

/** The demo customer printed at start and named in docs/api-contract.md. */
export const DEMO_CUSTOMER = {
  email: 'demo@storefront.test',
  password: 'Demo@123',
  mobile: '9876543210',
  firstname: 'Demo',
  lastname: 'Shopper',
} as const;

export const STORE_NAME = 'Storefront';

/**
 * Seeds an empty database; does nothing when the store row already exists. Returns whether it seeded.
 * `demo`: also the demo customer with its known password and orders, development only (issue 13).
 */
export async function seed(
  db: Kysely<Database>,
  deps: { clock: Clock; hashPassword: (p: string) => Promise<string>; demo: boolean },
): Promise<boolean> {
  const already = await db.selectFrom('store_info').select('id').executeTakeFirst();
  if (already) return false;
  const demoHash = deps.demo ? await deps.hashPassword(DEMO_CUSTOMER.password) : null;

  await db.transaction().execute(async (trx) => {
    await seedStoreInfo(trx);
    await seedCatalogue(trx);
    await seedPlaces(trx);
    await seedCoupons(trx, deps.clock);
    await seedHomePage(trx);
    if (demoHash) await seedDemoCustomer(trx, deps.clock, demoHash);
    // The demo shop delivers to the sample list (issue 39); a real shop loads its own (`pincodes:load`).
    if (deps.demo)
      await new DeliveryRepository(trx, deps.clock).replacePincodes(parsePincodeCsv(fs.readFileSync(SAMPLE_PINCODES_CSV, 'utf8')));
  });
  return true;
}

/** The store information row (spec §3). */
async function seedStoreInfo(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('store_info')
    .values({
      id: 1,
      store_name: STORE_NAME,
      logo: imageUrl.logo(),
      email: 'support@storefront.test',
      mobile_no: '+91 98765 43210',
      store_time: '11:00 AM to 08:00 PM, Monday - Saturday',
      offer_text: 'All over India Delivery Available.',
      facebook_url: 'https://www.facebook.com/storefront.india',
      instagram_url: 'https://www.instagram.com/storefront.india',
      twitter_url: 'https://twitter.com/storefront_in',
      font_family: 'Instrument Sans',
      background_color: '#ffffff',
      button_background_color: '#111111',
      top_header_background_color: '#111111',
      header_background_color: '#FFFFFF',
      footer_background_color: '#111111',
      bottom_footer_background_color: '#FFF7F2',
      banner_type: 'slider',
      category_layout: 'swiper',
    })
    .execute();
}

/** Categories with their GST rates, the demo products and variations, and the search word list. */
async function seedCatalogue(db: Kysely<Database>): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [i, c] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('categories')
      .values({ name: c.name, slug: c.slug, sort_order: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(c.slug, row.id);
    const gst = GST_RATES_BY_CATEGORY[c.slug];
    if (gst)
      await db
        .insertInto('gst_rates')
        .values({ category_id: row.id, ...gst })
        .execute();
  }

  const terms = new Map<string, number>();
  for (const p of buildCatalogue()) {
    const category = CATEGORIES.find((c) => c.slug === p.category);
    const shown = defaultVariation(p.variations);
    const words = productSearchWords({ ...p, category: category?.name ?? '' });
    countTerms(terms, words.terms);
    const row = await db
      .insertInto('products')
      .values({
        slug: p.slug,
        name: p.name,
        description: p.description,
        brand: p.brand,
        category_id: categoryIds.get(p.category) ?? 0,
        image_count: p.imageCount,
        retailer_id: p.retailerId,
        wholesaler_id: p.wholesalerId,
        featured: p.featured ? 1 : 0,
        created_at: p.createdAt,
        display_price: shown?.price ?? 0,
        display_mrp: shown?.mrp ?? 0,
        total_stock: p.variations.reduce((s, v) => s + v.stock, 0),
        search_text: `${p.name} ${p.brand} ${category?.name ?? ''} ${p.description}`.toLowerCase(),
        search_words: words.search_words,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('variations')
      .values(
        p.variations.map((v, k) => ({
          product_id: row.id,
          label: v.label,
          price: v.price,
          mrp: v.mrp,
          stock: v.stock,
          sort_order: k + 1,
        })),
      )
      .execute();
  }

  await addSearchTerms(db as unknown as Kysely<unknown>, terms);
}

/** States and union territories with their cities. */
async function seedPlaces(db: Kysely<Database>): Promise<void> {
  for (const [state, cities] of STATES_AND_CITIES) {
    const row = await db.insertInto('states').values({ name: state }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('cities')
      .values(cities.map((name) => ({ state_id: row.id, name })))
      .execute();
  }
}

/** The demo coupons, valid this year. */
async function seedCoupons(db: Kysely<Database>, clock: Clock): Promise<void> {
  const year = new Date(clock.now()).getUTCFullYear();
  await db
    .insertInto('coupons')
    .values([
      {
        code: 'WELCOME10',
        type: 'percent',
        value: 10,
        min_amount: 500_00,
        max_discount: null,
        expires_at: `${year + 5}-12-31T23:59:59.000Z`,
        usage_limit: 100_000,
        used_count: 0,
        active: 1,
        per_customer_limit: 1,
      },
      {
        code: 'FLAT200',
        type: 'flat',
        value: 200_00,
        min_amount: 1_000_00,
        max_discount: null,
        expires_at: `${year + 5}-12-31T23:59:59.000Z`,
        usage_limit: 100_000,
        used_count: 0,
        active: 1,
        per_customer_limit: 3,
      },
      {
        code: 'EXPIRED50',
        type: 'percent',
        value: 50,
        min_amount: 0,
        max_discount: null,
        expires_at: '2024-12-31T23:59:59.000Z',
        usage_limit: null,
        used_count: 0,
        active: 1,
        per_customer_limit: 1,
      },
    ])
    .execute();
}

/** Home banners, home sections and the about page. */
async function seedHomePage(db: Kysely<Database>): Promise<void> {
  const banners = [
    {
      title: 'The Festive Edit',
      subtitle: 'Kurtas, sarees and juttis for every celebration',
      link: '/shop?categories=kurtas',
      cta: 'Shop festive',
    },
    { title: 'Denim Days', subtitle: 'Slim, straight and relaxed fits from ₹999', link: '/shop?categories=denims', cta: 'Shop denims' },
    { title: 'Time to Shine', subtitle: "Men's and women's watches up to 40% off", link: '/shop?categories=watch', cta: 'Shop watches' },
  ];
  for (const [i, b] of banners.entries()) {
    await db
      .insertInto('banners')
      .values({ ...b, image: imageUrl.banner(i + 1), sort_order: i + 1 })
      .execute();
  }
  await db
    .insertInto('home_sections')
    .values([
      { title: 'Shop by Category', subtitle: 'Find what you love', type: 'categories', sort_order: 1 },
      { title: 'New Arrivals', subtitle: 'Fresh in this week', type: 'new_arrivals', sort_order: 2 },
      { title: 'Featured Products', subtitle: 'Handpicked for you', type: 'featured_products', sort_order: 3 },
    ])
    .execute();
  const about = [
    {
      title: 'Our Story',
      body: 'Storefront began in Bengaluru with one idea: bring India’s makers and shoppers together online, with honest prices and delivery to every pincode.',
    },
    {
      title: 'Made in India',
      body: 'From Lucknow chikankari to Kolhapuri chappals, we work directly with retailers and wholesalers across the country.',
    },
    {
      title: 'Our Promise',
      body: 'Cash on delivery, easy returns and a support team that answers from 11:00 AM to 08:00 PM, Monday to Saturday.',
    },
  ];
  for (const [i, a] of about.entries()) {
    await db
      .insertInto('about_sections')
      .values({ ...a, image: imageUrl.about(i + 1), sort_order: i + 1 })
      .execute();
  }
}

/** The demo customer with a saved address and orders in several statuses (issue 3). */
async function seedDemoCustomer(db: Kysely<Database>, clock: Clock, passwordHash: string): Promise<void> {
  const repos = createRepositories(db, clock);
  const customer = await repos.customers.create({
    firstname: DEMO_CUSTOMER.firstname,
    lastname: DEMO_CUSTOMER.lastname,
    email: DEMO_CUSTOMER.email,
    phone_number: DEMO_CUSTOMER.mobile,
    alt_phone_number: null,
    password_hash: passwordHash,
    address: '12, 4th Cross, Indiranagar',
    pincode: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    address_alt_phone: null,
    // So the demo can sign in by OTP in development (its codes land in the dev outbox).
    mobile_verified_at: new Date(clock.now()).toISOString(),
  });
  await seedDemoOrders(db, clock, customer.id);
}

/** Demo orders, each walked along the delivery path up to a step (spec §4); one cancelled after placing. */
async function seedDemoOrders(db: Kysely<Database>, clock: Clock, customerId: number): Promise<void> {
  const repos = createRepositories(db, clock);
  const products = await db
    .selectFrom('products as p')
    .innerJoin('variations as v', 'v.product_id', 'p.id')
    .select(['p.id', 'p.slug', 'p.name', 'p.image_count', 'v.id as variation_id', 'v.label', 'v.price'])
    .where('v.stock', '>', 0)
    .where('v.price', '<', 3000_00)
    .orderBy('p.id')
    .limit(60)
    .execute();
  // Each demo order walks the delivery path up to a step (spec §4); one is cancelled after placing.
  const path: readonly OrderStatus[] = DELIVERY_PATH;
  const upTo = (last: OrderStatus): OrderStatus[] => path.slice(0, path.indexOf(last) + 1);
  const plan: { path: OrderStatus[]; daysAgo: number; method: 'cod' | 'prepaid'; reason?: string }[] = [
    { path: upTo('order_placed'), daysAgo: 0, method: 'cod' },
    { path: upTo('order_confirmed'), daysAgo: 2, method: 'prepaid' },
    { path: upTo('dispatched_from_retailer'), daysAgo: 4, method: 'cod' },
    { path: upTo('shipped'), daysAgo: 6, method: 'prepaid' },
    { path: upTo('delivered'), daysAgo: 15, method: 'cod' },
    { path: ['order_placed', 'cancelled'], daysAgo: 20, method: 'cod', reason: 'Changed My Mind' },
  ];
  const now = clock.now();
  for (const [i, step] of plan.entries()) {
    const p = products[i * 9];
    if (!p) continue;
    const quantity = 1 + (i % 2);
    const price = p.price * quantity;
    const start = now - step.daysAgo * 86_400_000 - 3_600_000;
    const final = step.path[step.path.length - 1] ?? 'order_placed';
    const row = await repos.orders.create(
      {
        customer_id: customerId,
        product_id: p.id,
        variation_id: p.variation_id,
        product_name: p.name,
        product_slug: p.slug,
        product_image: productImages(p.slug, p.image_count)[0] ?? imageUrl.placeholder(),
        product_variation: p.label,
        quantity,
        unit_price: p.price,
        price,
        discount_amount: 0,
        final_amount: price,
        payment_method: step.method,
        payment_status: step.method === 'cod' ? 'cod' : 'paid',
        // A prepaid demo order was paid through the test provider: cancelling it refunds through the same.
        payment_id: step.method === 'cod' ? null : await seedDemoPayment(db, customerId, price, start),
        coupon_code: null,
        status: 'order_placed',
        cancel_reason: null,
        full_name: `${DEMO_CUSTOMER.firstname} ${DEMO_CUSTOMER.lastname}`,
        email: DEMO_CUSTOMER.email,
        phone_number: DEMO_CUSTOMER.mobile,
        address: '12, 4th Cross, Indiranagar',
        pincode: '560038',
        city: 'Bengaluru',
        state: 'Karnataka',
        alt_phone_number: null,
      },
      start,
    );
    for (const [k, status] of step.path.slice(1).entries()) {
      await repos.orders.setStatus(
        row.id,
        status,
        status === 'cancelled' ? { cancel_reason: step.reason ?? 'Other' } : {},
        start + ((k + 1) * 86_400_000) / 2,
      );
    }
    if (final === 'delivered' && step.method === 'cod') {
      await db.updateTable('orders').set({ payment_status: 'paid' }).where('id', '=', row.id).execute();
    }
  }
}

/** A paid test-provider payment for a prepaid demo order (cancelling it refunds through the same). */
async function seedDemoPayment(db: Kysely<Database>, customerId: number, amount: number, at: number): Promise<string> {
  const id = `pay_DEMO${String(at).slice(-8)}${amount}`;
  await db
    .insertInto('payments')
    .values({
      id,
      customer_id: customerId,
      amount,
      status: 'paid',
      coupon_code: null,
      provider: 'test',
      currency: 'INR',
      created_at: iso(at),
      settled_at: iso(at),
      gateway_order_id: null,
      gateway_payment_id: `test_${id}`,
      expires_at: iso(at),
    })
    .execute();
  return id;
}
