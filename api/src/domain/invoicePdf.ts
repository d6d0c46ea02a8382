/**
 * A tax invoice or credit note as a PDF (issue 39), drawn with pdfkit from the document as issued. The
 * built-in Helvetica has no ₹ glyph, so amounts read "Rs."; every figure the tax needs (GSTIN, HSN, the
 * rate and each tax) is one line of text, so it can be read back out of the file.
 */
import PDFDocument from 'pdfkit';
import { gstStateCode } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { InvoiceRow } from '../db/repositories/invoices';
import type { OrderRow } from '../db/repositories/orders';
import { notFound } from '../lib/errors';
import { amountInWords } from './invoices';

/** What the document needs besides itself. */
export interface PdfContext {
  orderNumber: string;
  /** For a credit note: the invoice it reverses. */
  against?: InvoiceRow | undefined;
}

const rs = (paise: number) => `Rs. ${Math.floor(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;
const pct = (bp: number) => `${bp / 100}%`;
/** Dates as Indian documents print them, in Indian time: 27-11-2026. */
const istDate = (isoText: string) => {
  const d = new Date(Date.parse(isoText) + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};
const withCode = (state: string) => {
  const code = gstStateCode(state);
  return code ? `${state} (${code})` : state;
};

/** The PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceRow, ctx: PdfContext): Promise<Buffer> {
  const credit = doc.kind === 'credit_note';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${credit ? 'Credit note' : 'Tax invoice'} ${doc.number}`, Author: doc.seller_name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(credit ? 'CREDIT NOTE' : 'TAX INVOICE', { align: 'center' });
  pdf.moveDown(0.8);
  pdf.fontSize(11).text(doc.seller_name);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(doc.seller_address);
  pdf.text(`State: ${withCode(doc.seller_state)}`);
  pdf.text(`GSTIN: ${doc.seller_gstin}`);
  pdf.moveDown();

  pdf.text(`${credit ? 'Credit note' : 'Invoice'} number: ${doc.number}`);
  pdf.text(`Date: ${istDate(doc.issued_at)}`);
  if (credit && ctx.against) pdf.text(`Against invoice: ${ctx.against.number} dated ${istDate(ctx.against.issued_at)}`);
  pdf.text(`Order number: ${ctx.orderNumber}`);
  pdf.text(`Place of supply: ${withCode(doc.buyer_state)}`);
  pdf.text('Tax payable on reverse charge: No');
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Billed and shipped to');
  pdf.font('Helvetica').text(doc.buyer_name);
  pdf.text(doc.buyer_address);
  if (doc.buyer_gstin) pdf.text(`Buyer GSTIN: ${doc.buyer_gstin}`);
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Item');
  pdf.font('Helvetica');
  pdf.text(doc.description, { width });
  pdf.text(`HSN: ${doc.hsn}`);
  pdf.text(`Quantity: ${doc.quantity} x ${rs(doc.unit_price)} (GST included)`);
  if (doc.discount > 0) pdf.text(`Discount: ${rs(doc.discount)}`);
  if (doc.cod_fee > 0) pdf.text(`Cash on delivery fee: ${rs(doc.cod_fee)} (GST included)`);
  pdf.text(`Taxable value: ${rs(doc.taxable)}`);
  if (doc.igst > 0 || doc.cgst + doc.sgst === 0) pdf.text(`IGST @ ${pct(doc.rate_bp)}: ${rs(doc.igst)}`);
  else {
    pdf.text(`CGST @ ${pct(doc.rate_bp / 2)}: ${rs(doc.cgst)}`);
    pdf.text(`SGST @ ${pct(doc.rate_bp / 2)}: ${rs(doc.sgst)}`);
  }
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').text(`Total (GST included): ${rs(doc.total)}`);
  pdf.font('Helvetica').text(`Amount in words: ${amountInWords(doc.total)}`, { width });
  pdf.moveDown(2);
  pdf.text(`For ${doc.seller_name}`, { align: 'right' });
  pdf.text('Authorised signatory', { align: 'right' });
  pdf.moveDown();
  pdf.fontSize(8).text('This is a computer-generated document and needs no signature.', { align: 'center' });
  pdf.end();
  return done;
}

export const DOCUMENT_NOT_ISSUED = {
  invoice: 'No tax invoice has been issued for this order yet: it is issued once the order is paid (or delivered, for cash on delivery)',
  credit_note: 'No credit note has been issued for this order',
} as const;

/** An order's document as a download: its file name and bytes; 404 when it has not been issued. */
export async function documentDownload(
  r: Repositories,
  order: Pick<OrderRow, 'id' | 'order_number'>,
  kind: InvoiceRow['kind'],
): Promise<{ filename: string; pdf: Buffer }> {
  const doc = await r.invoices.ofOrder(order.id, kind);
  if (!doc) throw notFound(DOCUMENT_NOT_ISSUED[kind]);
  const against = kind === 'credit_note' ? await r.invoices.ofOrder(order.id, 'invoice') : undefined;
  const pdf = await renderInvoicePdf(doc, { orderNumber: order.order_number, against });
  return { filename: `${doc.number.replaceAll('/', '-')}.pdf`, pdf };
}
