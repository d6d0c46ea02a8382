import { CART_TOTAL_LIMIT_PAISE, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '@storefront/contract';
import { answer, body, fields, guestCartItem, replies, reply, security, type RoutesPlugin } from '../schemas';
import { notFound } from '../lib/errors';
import { rupees } from '../lib/money';
import { changeLine, mergeGuestCart, NOT_IN_CART, removeLine } from '../domain/cart';
import { toCartLine, toProduct } from '../domain/wire';

export const cartRoutes: RoutesPlugin = async (app) => {
  const config = { auth: 'customer' as const };
  const lineReply = reply(answer({ results: replies.cartLine }));
  const cartReply = reply(answer({ cart: { type: 'array', items: replies.cartLine } }), {
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  });

  app.get(
    '/customer/cart',
    {
      config,
      schema: { tags: ['cart'], summary: 'The server cart', security: security.customer, response: cartReply },
    },
    async (req) => ({ success: true, data: { cart: (await app.repos.carts.list(req.requireCustomer().id)).map(toCartLine) } }),
  );

  app.post(
    '/customer/add-to-cart',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'Add a quantity of a variant (added to the line if present)',
        security: security.customer,
        body: body(
          {
            id: fields.id('Variant'),
            product_id: fields.id('Product'),
            quantity: fields.quantity,
            retailer_id: fields.nullableId('Retailer'),
            wholesaler_id: fields.nullableId('Wholesaler'),
          },
          ['id', 'product_id', 'quantity'],
        ),
        response: lineReply,
      },
    },
    async (req) => {
      const { id, product_id, quantity } = req.body;
      const results = await changeLine(app.tx, req.requireCustomer().id, product_id, id, (current) => (current ?? 0) + quantity);
      return { success: true, message: 'Item added to cart.', data: { results } };
    },
  );

  app.post(
    '/customer/update-cart',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: `Set the quantity of a cart line (${MIN_LINE_QUANTITY}..${MAX_LINE_QUANTITY}, within stock and the ${rupees(CART_TOTAL_LIMIT_PAISE)} limit)`,
        security: security.customer,
        body: body({ product_id: fields.id('Product'), variant_id: fields.id('Variant'), quantity: fields.quantity }, [
          'product_id',
          'variant_id',
          'quantity',
        ]),
        response: lineReply,
      },
    },
    async (req) => {
      const { product_id, variant_id, quantity } = req.body;
      const results = await changeLine(app.tx, req.requireCustomer().id, product_id, variant_id, (current) => {
        if (current === undefined) throw notFound(NOT_IN_CART);
        return quantity;
      });
      return { success: true, message: 'Cart updated successfully', data: { results } };
    },
  );

  app.post(
    '/customer/remove-to-cart',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'Remove the line of a variant',
        security: security.customer,
        body: body({ retailer_product_id: fields.id('Product'), product_id: fields.id('Product'), variant_id: fields.id('Variant') }, [
          'product_id',
          'variant_id',
        ]),
        response: reply(),
      },
    },
    async (req) => {
      await removeLine(app.repos, req.requireCustomer().id, req.body.product_id, req.body.variant_id);
      return { success: true, message: 'Item removed from cart' };
    },
  );

  app.post(
    '/customer/add-to-cart-guest',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'Merge a guest cart into the server cart after sign-in',
        security: security.customer,
        body: body(
          {
            cart_items: {
              type: 'array',
              minItems: 1,
              maxItems: 50,
              'x-messages': {
                required: 'No token or cart items found',
                minItems: 'No token or cart items found',
                invalid: 'Must be a list of cart items',
              },
              items: guestCartItem,
            },
          },
          ['cart_items'],
        ),
        response: cartReply,
      },
    },
    async (req) => {
      const { cart, errors } = await mergeGuestCart(app.tx, req.requireCustomer().id, req.body.cart_items);
      const hasErrors = Object.keys(errors).length > 0;
      return {
        success: true,
        message: hasErrors ? 'Cart synced; some items could not be added' : 'Cart synced successfully',
        data: { cart },
        ...(hasErrors ? { errors } : {}),
      };
    },
  );

  // ---------- wishlist ----------

  app.get(
    '/customer/wishlist',
    {
      config,
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist, newest first',
        security: security.customer,
        response: reply({ type: 'array', items: replies.wishlistItem }),
      },
    },
    async (req) => {
      const rows = await app.repos.wishlist.list(req.requireCustomer().id);
      const products = await app.repos.catalog.productsByIds(rows.map((r) => r.product_id));
      const data = rows.flatMap((r) => {
        const product = products.get(r.product_id);
        return product ? [{ wishlist_id: r.id, product_id: r.product_id, created_at: r.created_at, product: toProduct(product) }] : [];
      });
      return { success: true, data };
    },
  );

  const productBody = body({ product_id: fields.id('Product') }, ['product_id']);

  app.post(
    '/customer/add-to-wishlist',
    {
      config,
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product (idempotent)',
        security: security.customer,
        body: productBody,
        response: reply(),
      },
    },
    async (req) => {
      if (!(await app.repos.catalog.productExists(req.body.product_id))) throw notFound('Product not found');
      await app.repos.wishlist.add(req.requireCustomer().id, req.body.product_id);
      return { success: true, message: 'Product added to wishlist' };
    },
  );

  app.post(
    '/customer/remove-to-wishlist',
    {
      config,
      schema: { tags: ['wishlist'], summary: 'Remove a product', security: security.customer, body: productBody, response: reply() },
    },
    async (req) => {
      if (!(await app.repos.wishlist.remove(req.requireCustomer().id, req.body.product_id)))
        throw notFound('Product is not in your wishlist');
      return { success: true, message: 'Product removed from wishlist' };
    },
  );
};
