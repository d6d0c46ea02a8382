import type { Order, OrderStatus } from '@storefront/shared';

/** An order as the API sends it, for the account section's unit tests. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const status: OrderStatus = overrides.status ?? 'order_placed';
  return {
    order_id: 1,
    order_number: 'SF-20261122-0001',
    order_date: '2026-11-20T10:00:00.000Z',
    status,
    product_id: 7,
    product_name: 'Cotton Kurta',
    product_slug: 'cotton-kurta',
    product_image: '/api/images/kurta.jpg',
    product_variation: 'M',
    quantity: 2,
    price: '1998.00',
    discount_amount: '200.00',
    final_amount: '1798.00',
    payment_method: 'cod',
    payment_status: 'cod',
    coupon_code: null,
    cancel_reason: null,
    customer_data: {
      fullName: 'Asha Verma',
      email: 'asha@example.test',
      phone_number: '9876543210',
      shipping_address: { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
    },
    history: [{ status, at: '2026-11-20T10:00:00.000Z' }],
    ...overrides,
  };
}
