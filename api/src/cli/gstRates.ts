// The GST classification of the shop's categories (docs/invoices.md) on the configured database (DB_FILE or
// DATABASE_URL), as the back office's settings page does. A change applies to invoices issued from then on,
// and is recorded in the activity record with the operator's login.
//   pnpm --filter @storefront/api gst-rates                                  list every category's HSN and rate
//   pnpm --filter @storefront/api gst-rates set <category-slug> <hsn> <rate%>
//   pnpm --filter @storefront/api gst-rates set <category-slug> <hsn> <rate%> <rupees per piece> <rate% above>
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import os from 'node:os';
import { createRepositories } from '../db/repositories';
import { InvoiceRepository } from '../db/repositories/invoices';
import { parseRateArgs } from '../domain/invoices';
import { changeGstRate } from '../domain/shopSettings';
import { systemClock } from '../lib/clock';

const USAGE = 'usage: gst-rates [set <category-slug> <hsn> <rate%> [<rupees per piece> <rate% above>]]';
const pct = (bp: number | null) => (bp === null ? '' : `${bp / 100}%`);

async function main(): Promise<void> {
  const [command, slug, ...rest] = process.argv.slice(2);
  const { db } = await prepareDatabase({ ...loadConfig(), seedProducts: 0 });
  const invoices = new InvoiceRepository(db);
  try {
    const rates = await invoices.listRates();
    if (command === undefined) {
      for (const r of rates) {
        const rule = r.hsn === null ? 'not classified (18%, HSN UNCLASSIFIED)' : `HSN ${r.hsn}  ${pct(r.rate_bp)}`;
        const above = r.threshold_paise !== null ? `  up to ₹${r.threshold_paise / 100} a piece, ${pct(r.rate_above_bp)} above` : '';
        console.log(`${r.slug.padEnd(24)} ${rule}${above}`);
      }
    } else if (command === 'set' && slug) {
      const category = rates.find((r) => r.slug === slug);
      const row = category ? parseRateArgs(category.id, rest) : `no category ${slug}`;
      if (typeof row === 'string') {
        console.error(`[api] gst-rates: ${row}\n${USAGE}`);
        process.exitCode = 2;
        return;
      }
      await changeGstRate((work) => db.transaction().execute((trx) => work(createRepositories(trx, systemClock))), row, {
        by: `cli:${os.userInfo().username}`,
        staffId: null,
      });
      console.log(
        `[api] ${slug}: HSN ${row.hsn} at ${pct(row.rate_bp)}${row.threshold_paise !== null ? `, ${pct(row.rate_above_bp)} above ₹${row.threshold_paise / 100} a piece` : ''}`,
      );
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('[api] gst-rates:', err instanceof Error ? err.message : err);
  process.exit(1);
});
