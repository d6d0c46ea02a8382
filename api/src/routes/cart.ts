import type { FastifyInstance } from 'fastify';
import { customerOf } from '../app';
import { body, f, reply, s, security } from '../schemas';
import { conflict, notFound, unprocessable } from '../lib/errors';
import { rupees } from '../lib/money';
import { CART_LIMIT, MAX_LINE_QUANTITY, cartTotal, toCartLine, type CartRow } from '../db/repositories/carts';
import type { Repositories } from '../db/repositories';

export const LIMIT_MESSAGE = `Cart total cannot exceed ${rupees(CART_LIMIT)}.`;
const NOT_IN_CART = 'Item is not in your cart';

/**
 * Checks a line's new quantity against spec §5/§9: at most 5, at most the stock, and the cart total at
 * most ₹10,000. Throws the shopper-facing message.
 */
function checkLine(rows: CartRow[], variationId: number, price: number, stock: number, quantity: number): void {
  if (stock <= 0) throw conflict('This item is out of stock');
  if (quantity > MAX_LINE_QUANTITY) throw unprocessable(`You can add at most ${MAX_LINE_QUANTITY} of this item`);
  if (quantity > stock) throw conflict(`Only ${stock} left in stock. No more items can be added`);
  const others = cartTotal(rows.filter((r) => r.variation_id !== variationId));
  if (others + price * quantity > CART_LIMIT) throw unprocessable(LIMIT_MESSAGE);
}

async function variantOf(r: Repositories, productId: number, variationId: number) {
  const v = await r.catalog.variationWithProduct(variationId);
  if (!v || v.product_id !== productId) throw notFound('Product not found');
  return v;
}

/**
 * Sets a line to `quantityFor(current)` (current: the line's quantity, undefined when not in the cart) in
 * one transaction, after the spec checks; returns the line as it now is.
 */
async function changeLine(app: FastifyInstance, customerId: number, productId: number, variantId: number, quantityFor: (current: number | undefined) => number) {
  const line = await app.tx(async (r) => {
    await r.carts.lock(customerId);
    const v = await variantOf(r, productId, variantId);
    const rows = await r.carts.list(customerId);
    const quantity = quantityFor(rows.find((row) => row.variation_id === variantId)?.quantity);
    checkLine(rows, variantId, v.price, v.stock, quantity);
    await r.carts.setQuantity(customerId, productId, variantId, quantity);
    return r.carts.line(customerId, variantId);
  });
  if (!line) throw notFound(NOT_IN_CART);
  return toCartLine(line);
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const config = { auth: 'customer' as const };
  const lineReply = reply({ type: 'object', required: ['results'], properties: { results: s.cartLine } });
  const cartReply = reply({ type: 'object', required: ['cart'], properties: { cart: { type: 'array', items: s.cartLine } } }, {
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  });

  app.get('/customer/cart', {
    config,
    schema: { tags: ['cart'], summary: 'The server cart', security: security.customer, response: cartReply },
  }, async (req) => ({ success: true, data: { cart: (await app.repos.carts.list(customerOf(req).id)).map(toCartLine) } }));

  app.post<{ Body: { id: number; product_id: number; quantity: number; retailer_id?: number; wholesaler_id?: number | null } }>('/customer/add-to-cart', {
    config,
    schema: {
      tags: ['cart'], summary: 'Add a quantity of a variant (added to the line if present)', security: security.customer,
      body: body({
        id: f.id('Variant'), product_id: f.id('Product'), quantity: f.quantity,
        retailer_id: f.nullableId('Retailer'), wholesaler_id: f.nullableId('Wholesaler'),
      }, ['id', 'product_id', 'quantity']),
      response: lineReply,
    },
  }, async (req) => {
    const { id, product_id, quantity } = req.body;
    const results = await changeLine(app, customerOf(req).id, product_id, id, (current) => (current ?? 0) + quantity);
    return { success: true, message: 'Item added to cart.', data: { results } };
  });

  app.post<{ Body: { product_id: number; variant_id: number; quantity: number } }>('/customer/update-cart', {
    config,
    schema: {
      tags: ['cart'], summary: 'Set the quantity of a cart line (1..5, within stock and the ₹10,000 limit)', security: security.customer,
      body: body({ product_id: f.id('Product'), variant_id: f.id('Variant'), quantity: f.quantity }, ['product_id', 'variant_id', 'quantity']),
      response: lineReply,
    },
  }, async (req) => {
    const { product_id, variant_id, quantity } = req.body;
    const results = await changeLine(app, customerOf(req).id, product_id, variant_id, (current) => {
      if (current === undefined) throw notFound(NOT_IN_CART);
      return quantity;
    });
    return { success: true, message: 'Cart updated successfully', data: { results } };
  });

  app.post<{ Body: { product_id: number; variant_id: number; retailer_product_id?: number } }>('/customer/remove-to-cart', {
    config,
    schema: {
      tags: ['cart'], summary: 'Remove the line of a variant', security: security.customer,
      body: body({ retailer_product_id: f.id('Product'), product_id: f.id('Product'), variant_id: f.id('Variant') }, ['product_id', 'variant_id']),
      response: reply(),
    },
  }, async (req) => {
    const me = customerOf(req);
    const line = await app.repos.carts.line(me.id, req.body.variant_id);
    if (!line || line.product_id !== req.body.product_id) throw notFound(NOT_IN_CART);
    await app.repos.carts.remove(me.id, req.body.variant_id);
    return { success: true, message: 'Item removed from cart' };
  });

  interface GuestItem {
    product_id: number;
    quantity: number;
    id?: number;
    selected_variant?: { id?: number };
    retailer_id?: number | null;
    wholesaler_id?: number | null;
  }

  app.post<{ Body: { cart_items: GuestItem[] } }>('/customer/add-to-cart-guest', {
    config,
    schema: {
      tags: ['cart'], summary: 'Merge a guest cart into the server cart after sign-in', security: security.customer,
      body: body({
        cart_items: {
          type: 'array', minItems: 1, maxItems: 50,
          'x-messages': { required: 'No token or cart items found', minItems: 'No token or cart items found', invalid: 'Must be a list of cart items' },
          items: {
            type: 'object',
            properties: {
              product_id: f.id('Product'),
              quantity: { type: 'integer', minimum: 1, maximum: 100, 'x-messages': { required: 'Quantity is required', invalid: 'Quantity must be at least 1' } },
              id: { ...f.id('Variant'), description: 'variant id when selected_variant is missing' },
              selected_variant: { type: 'object', properties: { id: f.id('Variant') } },
              retailer_id: f.nullableId('Retailer'),
              wholesaler_id: f.nullableId('Wholesaler'),
            },
            required: ['product_id', 'quantity'],
          },
        },
      }, ['cart_items']),
      response: cartReply,
    },
  }, async (req) => {
    const me = customerOf(req);
    const errors: Record<string, string> = {};
    const cart = await app.tx(async (r) => {
      await r.carts.lock(me.id);
      for (const [i, item] of req.body.cart_items.entries()) {
        const key = `cart_items.${i}`;
        const variationId = item.selected_variant?.id ?? item.id;
        const v = variationId ? await r.catalog.variationWithProduct(variationId) : undefined;
        if (!v || v.product_id !== item.product_id) {
          errors[key] = 'Product not found';
          continue;
        }
        const rows = await r.carts.list(me.id);
        const current = rows.find((row) => row.variation_id === v.variation_id)?.quantity ?? 0;
        const others = cartTotal(rows.filter((row) => row.variation_id !== v.variation_id));
        const byLimit = Math.floor((CART_LIMIT - others) / Math.max(1, v.price));
        const wanted = current + item.quantity;
        const allowed = Math.min(wanted, MAX_LINE_QUANTITY, v.stock, byLimit);
        if (allowed < wanted) {
          errors[key] =
            v.stock <= current ? `${v.name} (${v.label}) is out of stock`
              : byLimit < Math.min(wanted, MAX_LINE_QUANTITY, v.stock) ? LIMIT_MESSAGE
                : allowed === MAX_LINE_QUANTITY ? `${v.name} (${v.label}): at most ${MAX_LINE_QUANTITY} per item`
                  : `${v.name} (${v.label}): only ${v.stock} left in stock`;
        }
        if (allowed > current) await r.carts.setQuantity(me.id, v.product_id, v.variation_id, allowed);
      }
      return r.carts.list(me.id);
    });
    const hasErrors = Object.keys(errors).length > 0;
    return {
      success: true,
      message: hasErrors ? 'Cart synced; some items could not be added' : 'Cart synced successfully',
      data: { cart: cart.map(toCartLine) },
      ...(hasErrors ? { errors } : {}),
    };
  });

  // ---------- wishlist ----------

  app.get('/customer/wishlist', {
    config,
    schema: {
      tags: ['wishlist'], summary: 'The wishlist, newest first', security: security.customer,
      response: reply({ type: 'array', items: { type: 'object', properties: { wishlist_id: { type: 'integer' }, product_id: { type: 'integer' }, created_at: { type: 'string' }, product: s.product } } }),
    },
  }, async (req) => {
    const rows = await app.repos.wishlist.list(customerOf(req).id);
    const products = await app.repos.catalog.productsByIds(rows.map((r) => r.product_id));
    const data = rows.flatMap((r) => {
      const product = products.get(r.product_id);
      return product ? [{ wishlist_id: r.id, product_id: r.product_id, created_at: r.created_at, product }] : [];
    });
    return { success: true, data };
  });

  const productBody = body({ product_id: f.id('Product') }, ['product_id']);

  app.post<{ Body: { product_id: number } }>('/customer/add-to-wishlist', {
    config,
    schema: { tags: ['wishlist'], summary: 'Add a product (idempotent)', security: security.customer, body: productBody, response: reply() },
  }, async (req) => {
    if (!(await app.repos.catalog.productExists(req.body.product_id))) throw notFound('Product not found');
    await app.repos.wishlist.add(customerOf(req).id, req.body.product_id);
    return { success: true, message: 'Product added to wishlist' };
  });

  app.post<{ Body: { product_id: number } }>('/customer/remove-to-wishlist', {
    config,
    schema: { tags: ['wishlist'], summary: 'Remove a product', security: security.customer, body: productBody, response: reply() },
  }, async (req) => {
    if (!(await app.repos.wishlist.remove(customerOf(req).id, req.body.product_id))) throw notFound('Product is not in your wishlist');
    return { success: true, message: 'Product removed from wishlist' };
  });
}
