/**
 * GST tax invoices and credit notes (issue 39). An order gets its invoice in the transaction that makes it
 * a sale: a prepaid order when its payment settles, a cash-on-delivery order when it is delivered. A paid
 * order cancelled or returned afterwards gets a credit note reversing it in full. Each document takes the
 * next number of its series for the financial year inside that same transaction (gap-free, never shared),
 * and copies in the seller and buyer as they are then. No Fastify here.
 *
 * Prices are GST-inclusive: the tax is taken back out of what the shopper paid. Within the seller's state
 * the tax is CGST + SGST in equal halves; to another state it is IGST (place of supply: the delivery state).
 */
import { gstStateCode } from '@storefront/contract';
import { ToWords } from 'to-words';
import type { InvoiceSeller } from '../config';
import type { Repositories } from '../db/repositories';
import type { GstRateRow, InvoiceRow } from '../db/repositories/invoices';
import type { OrderRow } from '../db/repositories/orders';
import { iso, type Clock } from '../lib/clock';

/** GST's standard rate for goods, used for a category the owner has not classified yet (and logged). */
export const UNCLASSIFIED_RATE_BP = 1800;
export const UNCLASSIFIED_HSN = 'UNCLASSIFIED';

export interface TaxSplit {
  /** Value before tax, paise. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Splits a GST-inclusive amount (paise) at a rate (basis points). Each tax is rounded to the paisa and the
 * taxable value is what remains, so the parts always add up to what was paid; CGST and SGST are equal.
 */
export function splitTax(total: number, rateBp: number, intraState: boolean): TaxSplit {
  if (intraState) {
    const half = Math.round((total * rateBp) / (2 * (10_000 + rateBp)));
    return { taxable: total - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = Math.round((total * rateBp) / (10_000 + rateBp));
  return { taxable: total - igst, cgst: 0, sgst: 0, igst };
}

/**
 * The rate of one line: a category with a threshold (apparel, footwear: 5% up to ₹2,500 a piece) is
 * judged by the value of one piece before tax at the lower rate, as the inclusive price gives it.
 */
export function rateFor(rate: Pick<GstRateRow, 'rate_bp' | 'threshold_paise' | 'rate_above_bp'>, total: number, quantity: number): number {
  if (rate.threshold_paise === null || rate.rate_above_bp === null) return rate.rate_bp;
  const perPiece = (total / Math.max(1, quantity)) * (10_000 / (10_000 + rate.rate_bp));
  return perPiece <= rate.threshold_paise ? rate.rate_bp : rate.rate_above_bp;
}

/** India's financial year (April to March, Indian time) of a moment, as a series names it: '26-27'. */
export function financialYear(at: number): string {
  const ist = new Date(at + 330 * 60_000);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const PREFIX = { invoice: 'INV', credit_note: 'CN' } as const;

/**
 * A document's number: 'INV/26-27/000123'. Sixteen characters at most, as GST rule 46 allows (letters,
 * digits, '/' and '-'), unique within the financial year; one series per kind and year.
 */
export function documentNumber(kind: InvoiceRow['kind'], at: number, n: number): string {
  return `${PREFIX[kind]}/${financialYear(at)}/${String(n).padStart(6, '0')}`;
}

const words = new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true, ignoreDecimal: false, doNotAddOnly: false } });

/** "One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Seventy Eight Paise Only" (Indian numbering). */
export function amountInWords(paise: number): string {
  return words.convert(Math.floor(paise / 100) + (paise % 100) / 100);
}

/** Whether the delivery state is the seller's (CGST + SGST) or not (IGST). An unknown state is another. */
export function isIntraState(sellerState: string, deliveryState: string): boolean {
  const seller = gstStateCode(sellerState);
  return seller !== undefined && seller === gstStateCode(deliveryState);
}

export interface InvoiceLog {
  warn(data: Record<string, unknown>, message: string): void;
}

/**
 * Issues the documents inside the caller's transaction. Null seller: the shop issues none (INVOICES=off).
 * Both calls are idempotent: a second call for the same order answers the document already issued.
 */
export class InvoiceIssuer {
  constructor(
    private readonly seller: InvoiceSeller | null,
    private readonly clock: Clock,
    private readonly log: InvoiceLog,
  ) {}

  get enabled(): boolean {
    return this.seller !== null;
  }

  /** The tax invoice of an order that has just become a sale. */
  async invoice(r: Repositories, order: OrderRow, actor: string): Promise<InvoiceRow | null> {
    if (!this.seller) return null;
    const existing = await r.invoices.ofOrder(order.id, 'invoice');
    if (existing) return existing;
    const classified = await r.invoices.rateForProduct(order.product_id);
    if (!classified)
      this.log.warn({ order_id: order.id, product_id: order.product_id }, 'invoice: the product has no GST classification, 18% used');
    const rateBp = classified ? rateFor(classified, order.final_amount, order.quantity) : UNCLASSIFIED_RATE_BP;
    const now = this.clock.now();
    const n = await r.invoices.nextNumber(`${PREFIX.invoice}/${financialYear(now)}`);
    return r.invoices.insert({
      kind: 'invoice',
      number: documentNumber('invoice', now, n),
      order_id: order.id,
      issued_at: iso(now),
      actor,
      seller_name: this.seller.legalName,
      seller_address: this.seller.address,
      seller_state: this.seller.state,
      seller_gstin: this.seller.gstin,
      buyer_name: order.full_name,
      buyer_address: `${order.address}, ${order.city}, ${order.state} ${order.pincode}`,
      buyer_state: order.state,
      buyer_gstin: order.buyer_gstin,
      description: `${order.product_name} (${order.product_variation})`,
      hsn: classified?.hsn ?? UNCLASSIFIED_HSN,
      quantity: order.quantity,
      unit_price: order.unit_price,
      discount: order.discount_amount,
      rate_bp: rateBp,
      // The cash-on-delivery fee is a charge for this same sale: taxed with it, at the item's rate.
      ...splitTax(order.final_amount + order.cod_fee, rateBp, isIntraState(this.seller.state, order.state)),
      cod_fee: order.cod_fee,
      total: order.final_amount + order.cod_fee,
    });
  }

  /** The credit note reversing an invoiced order in full; none when the order was never invoiced. */
  async creditNote(r: Repositories, orderId: number, actor: string): Promise<InvoiceRow | null> {
    const invoice = await r.invoices.ofOrder(orderId, 'invoice');
    if (!invoice) return null;
    const existing = await r.invoices.ofOrder(orderId, 'credit_note');
    if (existing) return existing;
    const now = this.clock.now();
    const n = await r.invoices.nextNumber(`${PREFIX.credit_note}/${financialYear(now)}`);
    const { id: _id, ...copied } = invoice;
    return r.invoices.insert({ ...copied, kind: 'credit_note', number: documentNumber('credit_note', now, n), issued_at: iso(now), actor });
  }
}

/** A GST rate as typed ("5", "18", "0.25") → basis points; null when it is not one. */
function rateBp(text: string | undefined): number | null {
  if (!text || !/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= 4000 ? bp : null;
}

/**
 * The owner's command for a category's classification (`gst-rates set`): HSN code, rate in percent, and
 * for apparel-like goods the value per piece in rupees up to which it applies and the rate above it.
 * Answers the row to write, or why the words are not one.
 */
export function parseRateArgs(categoryId: number, args: string[]): GstRateRow | string {
  const [hsn, rate, threshold, above] = args;
  if (!hsn || !/^\d{4}(\d{2}){0,2}$/.test(hsn)) return 'the HSN code is 4, 6 or 8 digits';
  const bp = rateBp(rate);
  if (bp === null) return 'the rate is a percentage from 0 to 40 (e.g. 5 or 18)';
  if (threshold === undefined) return { category_id: categoryId, hsn, rate_bp: bp, threshold_paise: null, rate_above_bp: null };
  const limit = /^\d{1,7}$/.test(threshold) ? Number(threshold) * 100 : null;
  const aboveBp = rateBp(above);
  if (limit === null || aboveBp === null) return 'a threshold is whole rupees per piece, followed by the rate above it';
  return { category_id: categoryId, hsn, rate_bp: bp, threshold_paise: limit, rate_above_bp: aboveBp };
}
