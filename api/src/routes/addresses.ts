import { MAX_SAVED_ADDRESSES } from '@storefront/contract';
import { answer, body, fields, replies, reply, security, type RoutesPlugin } from '../schemas';
import { addAddress, deleteAddress, listAddresses, makeDefaultAddress, updateAddress } from '../domain/addresses';

/** The address book (issue 39; the rules: domain/addresses). Every answer is the whole book, default first. */
export const addressRoutes: RoutesPlugin = async (app) => {
  const config = { auth: 'customer' as const };
  const bookReply = reply(answer({ addresses: { type: 'array', items: replies.savedAddress } }));
  const idParams = { type: 'object', properties: { id: fields.id('Address') }, required: ['id'], additionalProperties: false } as const;
  const addressBody = body(
    {
      label: fields.label,
      address: fields.address,
      pincode: fields.pincode,
      city: fields.city,
      state: fields.state,
      alt_phone_number: fields.altPhone,
      is_default: { type: ['boolean', 'null'], 'x-messages': { invalid: 'Must be true or false' } },
    },
    ['address', 'pincode', 'city', 'state'],
  );

  app.get(
    '/customer/addresses',
    {
      config,
      schema: { tags: ['account'], summary: 'The saved addresses, default first', security: security.customer, response: bookReply },
    },
    async (req) => ({ success: true, data: { addresses: await listAddresses(app.repos, req.requireCustomer().id) } }),
  );

  app.post(
    '/customer/addresses',
    {
      config,
      schema: {
        tags: ['account'],
        summary: `Save an address (at most ${MAX_SAVED_ADDRESSES}); the first one becomes the default`,
        security: security.customer,
        body: addressBody,
        response: bookReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Address saved',
      data: { addresses: await addAddress(app.tx, req.requireCustomer().id, req.body) },
    }),
  );

  app.post(
    '/customer/addresses/:id',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Change a saved address',
        security: security.customer,
        params: idParams,
        body: addressBody,
        response: bookReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Address updated',
      data: { addresses: await updateAddress(app.tx, req.requireCustomer().id, req.params.id, req.body) },
    }),
  );

  app.post(
    '/customer/addresses/:id/default',
    {
      config,
      schema: {
        tags: ['account'],
        summary: "Make a saved address the default (spec §3's shipping address)",
        security: security.customer,
        params: idParams,
        response: bookReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Default address changed',
      data: { addresses: await makeDefaultAddress(app.tx, req.requireCustomer().id, req.params.id) },
    }),
  );

  app.post(
    '/customer/addresses/:id/delete',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Delete a saved address; another becomes the default if it was',
        security: security.customer,
        params: idParams,
        response: bookReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Address deleted',
      data: { addresses: await deleteAddress(app.tx, req.requireCustomer().id, req.params.id) },
    }),
  );
};
