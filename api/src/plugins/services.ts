import fp from 'fastify-plugin';
import { createMessenger, type Messenger } from '../messages';
import { InvoiceIssuer } from '../domain/invoices';
import { createProvider, PaymentService, PaymentSweeper, type PaymentLog } from '../domain/payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way codes and links reach their owner (SMS, e-mail; the outbox in development). */
    messenger: Messenger;
    /** Prepaid checkouts: hold, settlement, cancel and refund (domain/payments). */
    payments: PaymentService;
    /** Tax invoices and credit notes (issue 39); issued inside the payment and fulfilment transactions. */
    invoices: InvoiceIssuer;
    /** Expires unpaid checkouts and retries refunds; tests run `pass()` by hand. */
    paymentSweeper: PaymentSweeper;
  }
}

/** The services the routes call beyond the repositories: the message senders and the payment domain. */
export const servicesPlugin = fp(
  async (app) => {
    const { config, clock } = app;
    const messenger = createMessenger(config, clock, (msg) => app.log.warn(msg));
    app.decorate('messenger', messenger);
    app.addHook('onClose', async () => messenger.close());
    // Payment events are logged even when request logging is off: a refused amount must reach someone.
    const quiet = (): void => undefined;
    const paymentLog: PaymentLog = config.logger
      ? { info: (d, m) => app.log.info(d, m), warn: (d, m) => app.log.warn(d, m), error: (d, m) => app.log.error(d, m) }
      : { info: quiet, warn: (d, m) => console.warn(`[payments] ${m}`, d), error: (d, m) => console.error(`[payments] ${m}`, d) };
    const invoices = new InvoiceIssuer(config.invoices.seller, clock, paymentLog);
    app.decorate('invoices', invoices);
    const payments = new PaymentService({
      invoices,
      repos: app.repos,
      tx: app.tx,
      clock,
      provider: createProvider(config.payments),
      config: config.payments,
      log: paymentLog,
    });
    app.decorate('payments', payments);
    app.decorate('paymentSweeper', new PaymentSweeper(payments, paymentLog, config.payments.sweepSeconds * 1000));
    app.addHook('onReady', async () => app.paymentSweeper.start());
    app.addHook('onClose', async () => app.paymentSweeper.stop());
  },
  { name: 'services', dependencies: ['database'] },
);
