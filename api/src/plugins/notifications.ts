import fp from 'fastify-plugin';
import { OrderNotifier } from '../domain/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued order notices (domain/notifications); tests run `pass()` by hand. */
    orderNotifier: OrderNotifier;
  }
}

/** The order notice sweeper of this process, every NOTIFY_SWEEP_SECONDS (0: off, tests). */
export const notificationsPlugin = fp(
  async (app) => {
    const notifier = new OrderNotifier(
      {
        repos: app.repos,
        messenger: app.messenger,
        clock: app.clock,
        shopName: app.config.shopName,
        storeUrl: app.config.storeUrl,
        log: (m) => app.log.warn(m),
      },
      app.config.notifySweepSeconds * 1000,
    );
    app.decorate('orderNotifier', notifier);
    app.addHook('onReady', async () => notifier.start());
    app.addHook('onClose', async () => notifier.stop());
  },
  { name: 'notifications', dependencies: ['database', 'services'] },
);
