import type { Category, Customer, Order, Product, SavedAddress, StoreInfoData, Variation } from '../api/types';
import { UNSERVED_PINCODE, type PincodeCheck } from '@storefront/contract/cod';

let nextId = 1000;

/** A variation with sensible defaults. */
export function makeVariation(v: Partial<Variation> = {}): Variation {
  nextId += 1;
  return { id: nextId, product_variation: 'M', final_price: '499.00', mrp: '699.00', stock: 10, ...v };
}

/** A product shaped like the API's (docs/api-contract.md), with its variations. */
export function makeProduct(p: Partial<Product> & { variations?: Variation[] } = {}): Product {
  nextId += 1;
  const id = p.id ?? nextId;
  const variations = p.variations ?? [makeVariation()];
  const first = variations.find((v) => v.stock > 0) ?? variations[0];
  const name = p.product_name ?? `Product ${id}`;
  return {
    id,
    product_id: id,
    retailer_product_id: id,
    slug: p.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    product_name: name,
    description: 'A fine product.',
    brand: 'Storefront',
    sub_category_id: 1,
    sub_category_name: 'T-Shirts',
    cover_image: `/api/images/products/${id}-1.svg`,
    product_images: `/api/images/products/${id}-1.svg,/api/images/products/${id}-2.svg`,
    final_price: first?.final_price ?? '0.00',
    mrp: first?.mrp ?? '0.00',
    in_stock: variations.some((v) => v.stock > 0),
    stock: variations.reduce((n, v) => n + v.stock, 0),
    retailer_id: 7,
    wholesaler_id: null,
    sub_category_variation: variations.map((v) => v.product_variation).join(', '),
    created_at: '2026-11-01T10:00:00.000Z',
    ...p,
    variations,
  };
}

export const FIXTURE_CATEGORIES: Category[] = [
  { id: 1, name: 'T-Shirts', slug: 't-shirts', image: '/api/images/categories/1.svg', product_count: 2 },
  { id: 2, name: 'Wallet', slug: 'wallet', image: '/api/images/categories/2.svg', product_count: 1 },
  { id: 3, name: "Men's - Watch", slug: 'mens-watch', image: '/api/images/categories/3.svg', product_count: 1 },
  { id: 4, name: 'Denims', slug: 'denims', image: '/api/images/categories/4.svg', product_count: 1 },
];

/** Four products: a T-shirt in three sizes (L sold out), a wallet with 2 left, a watch, sold-out denims. */
export function fixtureProducts(): Product[] {
  return [
    makeProduct({
      id: 1,
      product_name: 'Classic Cotton T-Shirt',
      slug: 'classic-cotton-t-shirt',
      sub_category_id: 1,
      variations: [
        makeVariation({ id: 11, product_variation: 'S', final_price: '499.00', stock: 10 }),
        makeVariation({ id: 12, product_variation: 'M', final_price: '499.00', stock: 3 }),
        makeVariation({ id: 13, product_variation: 'L', final_price: '549.00', stock: 0 }),
      ],
    }),
    makeProduct({
      id: 2,
      product_name: 'Leather Wallet',
      slug: 'leather-wallet',
      sub_category_id: 2,
      sub_category_name: 'Wallet',
      variations: [makeVariation({ id: 21, product_variation: 'Free Size', final_price: '1299.00', mrp: '1599.00', stock: 2 })],
    }),
    makeProduct({
      id: 3,
      product_name: "Analog Men's Watch",
      slug: 'analog-mens-watch',
      sub_category_id: 3,
      sub_category_name: "Men's - Watch",
      variations: [makeVariation({ id: 31, product_variation: 'Free Size', final_price: '3499.00', mrp: '4999.00', stock: 5 })],
    }),
    makeProduct({
      id: 4,
      product_name: 'Slim Fit Denims',
      slug: 'slim-fit-denims',
      sub_category_id: 4,
      sub_category_name: 'Denims',
      variations: [makeVariation({ id: 41, product_variation: '32', final_price: '1999.00', stock: 0 })],
    }),
  ];
}

export function fixtureStoreInfo(): StoreInfoData {
  return {
    storeinfo: {
      store_name: 'Test Bazaar',
      logo: '',
      email: 'hello@testbazaar.in',
      mobile_no: '+91 98765 43210',
      store_time: '',
      offer_text: '',
      facebook_url: 'https://facebook.com/testbazaar',
      instagram_url: '',
      twitter_url: '',
      fontFamily: '',
      backgroundColor: '',
      buttonBackgroundColor: '#1a237e',
      topHeaderBackgroundColor: '',
      headerBackgroundColor: '',
      footerBackgroundColor: '',
      bottomFooterBackgroundColor: '',
      bannerType: 'slider',
      categoryLayout: 'swiper',
    },
    sub_category_list: FIXTURE_CATEGORIES,
  };
}

export function makeCustomer(c: Partial<Customer> = {}): Customer {
  return {
    id: 1,
    firstname: 'Asha',
    lastname: 'Rao',
    email: 'asha@example.in',
    phone_number: '9876543210',
    alt_phone_number: '9876543210',
    shipping_address: null,
    ...c,
  };
}

export function makeOrder(o: Partial<Order> = {}): Order {
  nextId += 1;
  return {
    order_id: nextId,
    order_number: `SF-2026-${String(nextId).padStart(6, '0')}`,
    order_date: '2026-11-10T09:30:00.000Z',
    status: 'order_placed',
    product_id: 1,
    product_name: 'Classic Cotton T-Shirt',
    product_slug: 'classic-cotton-t-shirt',
    product_image: '/api/images/products/1-1.svg',
    product_variation: 'M',
    quantity: 2,
    price: '998.00',
    discount_amount: '0.00',
    final_amount: '998.00',
    payment_method: 'cod',
    payment_status: 'cod',
    payment_expires_at: null,
    coupon_code: null,
    cancel_reason: null,
    customer_data: {
      fullName: 'Asha Rao',
      email: 'asha@example.in',
      phone_number: '9876543210',
      shipping_address: { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
    },
    history: [{ status: 'order_placed', at: '2026-11-10T09:30:00.000Z' }],
    ...o,
  };
}

/** Issue 39: served pincodes with cash on delivery (those the tests type), and one served without it. */
export function fixturePincodes(): Record<string, PincodeCheck> {
  const cod = { available: true, reason: null, fee: '0.00', max_order_value: null, otp_above: null };
  const local = { from: '2026-12-01', to: '2026-12-02', text: 'Delivered by Tue 1 Dec – Wed 2 Dec' };
  const served = (pincode: string, district: string): PincodeCheck => ({
    pincode,
    serviceable: true,
    district,
    state: 'Karnataka',
    zone: 'Local',
    delivery: local,
    cod,
  });
  return {
    '560001': served('560001', 'Bengaluru'),
    '560025': served('560025', 'Bengaluru'),
    '560038': served('560038', 'Bengaluru'),
    '570001': served('570001', 'Mysuru'),
    '795001': {
      pincode: '795001',
      serviceable: true,
      district: 'Imphal West',
      state: 'Manipur',
      zone: 'North East',
      delivery: { from: '2026-12-04', to: '2026-12-09', text: 'Delivered by Fri 4 Dec – Wed 9 Dec' },
      cod: { ...cod, available: false, reason: 'Cash on delivery is not available for this pincode. Please pay online (prepaid).' },
    },
  };
}

/** The answer for a pincode the shop does not deliver to. */
export function unservedPincode(pincode: string): PincodeCheck {
  return {
    pincode,
    serviceable: false,
    district: null,
    state: null,
    zone: null,
    delivery: null,
    cod: { available: false, reason: UNSERVED_PINCODE, fee: '0.00', max_order_value: null, otp_above: null },
  };
}

/** A saved address of the address book (issue 39): Home in Bengaluru, the default, unless overridden. */
export function makeSavedAddress(a: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    label: 'Home',
    address: '12 MG Road',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    alt_phone_number: null,
    is_default: true,
    ...a,
  };
}
