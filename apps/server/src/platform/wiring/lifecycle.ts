import type { FastifyInstance } from 'fastify';

type Step = () => unknown;

/**
 * The app's start and stop, in order: each `ready` step is its own onReady hook (they run one after
 * the other before the server listens); `beforeClose` runs when close() begins (before the requests in
 * flight finish), `close` after them, one step after the other.
 */
export function registerLifecycle(app: FastifyInstance, steps: { ready: Step[]; beforeClose: Step[]; close: Step[] }) {
  for (const step of steps.ready) {
    app.addHook('onReady', async () => {
      await step();
    });
  }
  app.addHook('preClose', async () => {
    for (const step of steps.beforeClose) await step();
  });
  app.addHook('onClose', async () => {
    for (const step of steps.close) await step();
  });
}
