import { paths, type Order } from '@storefront/contract';
import type { Message } from './types';

/**
 * What the shopper is told at each step of an order (issue 38), by SMS and by e-mail, in the shop's name.
 * Written once here; the notification sweeper renders them when it sends, from the order as it then is.
 * SMS texts stay short (one or two segments) and carry the tracking link; e-mails say the same at length.
 */

export type OrderEvent =
  'order_placed' | 'order_confirmed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'returned_to_origin' | 'refunded';

interface Words {
  subject: string;
  sms: string;
  email: string;
}

function words(shop: string, event: OrderEvent, o: Order, trackLink: string): Words {
  const n = o.order_number;
  const item = `${o.product_name} (${o.product_variation}) × ${o.quantity}`;
  const amount = `₹${o.final_amount}`;
  const cod = o.payment_method === 'cod';
  const s = o.shipment;
  const follow = s?.tracking_url ?? trackLink;
  const cancelledBy = [...o.history].reverse().find((h) => h.status === 'cancelled')?.by === 'store' ? 'by us' : 'at your request';
  switch (event) {
    case 'order_placed':
      return {
        subject: `${shop}: order ${n} placed`,
        sms: `${shop}: your order ${n} for ${amount} is placed${cod ? ' (cash on delivery)' : ''}. Track it: ${trackLink}`,
        email: `Thank you for your order ${n}: ${item}, ${amount}${cod ? ', to be paid in cash on delivery' : ', paid'}.\nWe will tell you when it is confirmed and when it ships. Follow it at ${trackLink}`,
      };
    case 'order_confirmed':
      return {
        subject: `${shop}: order ${n} confirmed`,
        sms: `${shop}: your order ${n} is confirmed and being packed. Track it: ${trackLink}`,
        email: `Your order ${n} (${item}) is confirmed and being packed. We will send the courier's tracking number when it ships.\nFollow it at ${trackLink}`,
      };
    case 'shipped':
      return {
        subject: `${shop}: order ${n} shipped with ${s?.courier ?? 'our courier'}`,
        sms: `${shop}: order ${n} shipped with ${s?.courier ?? 'our courier'}, AWB ${s?.tracking_number ?? '-'}. Track: ${follow}`,
        email: `Your order ${n} (${item}) has shipped with ${s?.courier ?? 'our courier'}.\nTracking number (AWB): ${s?.tracking_number ?? '-'}\nFollow the parcel at ${follow}${cod ? `\nPlease keep ${amount} ready in cash for the courier.` : ''}`,
      };
    case 'out_for_delivery':
      return {
        subject: `${shop}: order ${n} is out for delivery`,
        sms: `${shop}: order ${n} is out for delivery today${cod ? `; keep ${amount} ready in cash` : ''}. Track: ${follow}`,
        email: `Your order ${n} (${item}) is out for delivery today.${cod ? ` Please keep ${amount} ready in cash for the courier.` : ''}\nFollow it at ${follow}`,
      };
    case 'delivered':
      return {
        subject: `${shop}: order ${n} delivered`,
        sms: `${shop}: order ${n} is delivered. Thank you for shopping with us!`,
        email: `Your order ${n} (${item}) is delivered${cod ? `, and ${amount} was paid in cash` : ''}. Thank you for shopping with ${shop}!`,
      };
    case 'cancelled':
      return {
        subject: `${shop}: order ${n} cancelled`,
        sms: `${shop}: order ${n} was cancelled ${cancelledBy}${o.cancel_reason ? `: ${o.cancel_reason}` : ''}.${o.payment_status === 'refund_pending' || o.payment_status === 'refunded' ? ` A refund of ${amount} is on its way.` : ''}`,
        email: `Your order ${n} (${item}) was cancelled ${cancelledBy}${o.cancel_reason ? `. Reason: ${o.cancel_reason}` : ''}.${o.payment_status === 'refund_pending' || o.payment_status === 'refunded' ? `\nThe ${amount} you paid is being refunded to the way you paid; we will write again when it is done.` : ''}`,
      };
    case 'returned_to_origin':
      return {
        subject: `${shop}: order ${n} came back to us`,
        sms: `${shop}: the courier brought order ${n} back to us.${o.payment_method === 'prepaid' ? ` A refund of ${amount} is on its way.` : ''}`,
        email: `The courier could not deliver your order ${n} (${item}) and brought it back to us.${o.payment_method === 'prepaid' ? `\nThe ${amount} you paid is being refunded; we will write again when it is done.` : ''}\nIf this is a mistake, reply to this e-mail and we will send it again.`,
      };
    case 'refunded':
      return {
        subject: `${shop}: refund of ${amount} for order ${n}`,
        sms: `${shop}: we refunded ${amount} for order ${n}. Banks take 5-7 working days to show it.`,
        email: `We refunded ${amount} for your order ${n} (${item}) to the way you paid. Banks usually take 5-7 working days to show it in your account.`,
      };
  }
}

/** The event's message on one channel to the order's mobile or e-mail. */
export function orderNotice(shopName: string, storeUrl: string, event: OrderEvent, channel: 'sms' | 'email', order: Order): Message {
  const trackLink = `${storeUrl}${paths.trackOrder(order.order_number)}`;
  const w = words(shopName, event, order, trackLink);
  const name = order.customer_data.fullName.split(' ')[0] || 'there';
  return channel === 'sms'
    ? {
        channel,
        to: order.customer_data.phone_number,
        subject: w.subject,
        text: w.sms,
        template: 'notice',
        vars: { event, order: order.order_number, link: trackLink },
      }
    : {
        channel,
        to: order.customer_data.email,
        subject: w.subject,
        text: `Hello ${name},\n\n${w.email}\n\n${shopName}`,
        vars: { order: order.order_number, link: trackLink },
      };
}
