// `pnpm bench:invoices [--count <n>]` (or `pnpm --filter @storefront/api bench:invoices`): what one invoice download costs the API
// process (drawing the PDF with pdfkit, the CPU part of GET …/document), p50/p99 over `count` renders
// after a warm-up, and the file's size. Prints the figures; docs/invoices.md keeps the measured ones.
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf, type InvoiceRow } from '@storefront/api/bench';
import { cliArgs, numberArg } from '../lib/args.mjs';
import { percentile } from '../lib/stats.mjs';

const count = numberArg(cliArgs(), 'count', 500) || 500;
const doc: InvoiceRow = {
  id: 1,
  kind: 'invoice',
  number: 'INV/26-27/000123',
  order_id: 1,
  issued_at: new Date().toISOString(),
  actor: 'bench',
  seller_name: 'Storefront Retail Private Limited',
  seller_address: '12, 80 Feet Road, Koramangala, Bengaluru 560034',
  seller_state: 'Karnataka',
  seller_gstin: '29AABCS1234C1ZT',
  buyer_name: 'Meera Iyer',
  buyer_address: '7 FC Road, Shivajinagar, Pune, Maharashtra 411004',
  buyer_state: 'Maharashtra',
  buyer_gstin: '27AAPFU0939F1ZV',
  description: 'Classic Cotton T-Shirt (M)',
  hsn: '6109',
  quantity: 2,
  unit_price: 104900,
  discount: 20980,
  rate_bp: 500,
  taxable: 179829,
  cgst: 0,
  sgst: 0,
  igst: 8991,
  cod_fee: 0,
  total: 188820,
};

async function main(): Promise<void> {
  let bytes = 0;
  for (let i = 0; i < 50; i += 1) bytes = (await renderInvoicePdf(doc, { orderNumber: 'SFBENCH0001' })).length;
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await renderInvoicePdf(doc, { orderNumber: 'SFBENCH0001' });
    times.push(performance.now() - start);
  }
  const at = (p: number) => percentile(times, p).toFixed(2);
  console.log(`[bench] invoice PDF: ${count} renders, p50 ${at(50)} ms, p99 ${at(99)} ms, ${bytes} bytes`);
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
