/**
 * One API process's payment sweeper, alone (test support): opens the database given as argv[2] (a SQLite
 * file or a PostgreSQL URL), waits
 * until the wall clock reaches argv[5] (ms, so two processes start together), runs the expiry pass
 * `argv[4]` times with the shop's clock at `argv[3]` (ms), and prints how many checkouts it expired.
 * The multi-process test starts two of these at once over one database.
 */
import { openDatabase } from '../../src/db/database';
import { createRepositories } from '../../src/db/repositories';
import { loadPaymentConfig } from '../../src/config';
import { createProvider, PaymentService } from '../../src/domain/payments';
import { InvoiceIssuer } from '../../src/domain/invoices';

async function main(): Promise<void> {
  const [file, at, passes, startAt] = process.argv.slice(2);
  const db = openDatabase(file ?? '');
  const clock = { now: () => Number(at) };
  const repos = createRepositories(db, clock);
  const config = loadPaymentConfig({}, true);
  const quiet = () => undefined;
  const service = new PaymentService({
    repos,
    clock,
    config,
    provider: createProvider(config),
    log: { info: quiet, warn: quiet, error: quiet },
    invoices: new InvoiceIssuer(null, clock, { warn: quiet }),
    tx: (work) => db.transaction().execute((trx) => work(createRepositories(trx, clock))),
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt ?? 0) - Date.now())));
  let expired = 0;
  for (let i = 0; i < Number(passes ?? 1); i += 1) expired += await service.expireDue(5);
  process.stdout.write(`${JSON.stringify({ expired })}\n`);
  await db.destroy();
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
  process.exit(1);
});
