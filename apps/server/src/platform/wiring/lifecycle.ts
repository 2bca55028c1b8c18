import type { FastifyInstance } from 'fastify';
import { nextTurn } from '../next-turn';

type Step = () => unknown;

/**
 * The app's start and stop, in order: each `ready` step is its own onReady hook (they run one after
 * the other before the server listens); the `later` steps start once those are done but are not waited
 * for, so the server listens (and answers) while they run, one after the other; `beforeClose` runs when
 * close() begins (before the requests in flight finish), `close` after them and after the `later` steps,
 * one step after the other. Returns the `later` steps' completion.
 */
export function registerLifecycle(
  app: FastifyInstance,
  steps: { ready: Step[]; later?: Step[]; beforeClose: Step[]; close: Step[] },
): () => Promise<void> {
  for (const step of steps.ready) {
    app.addHook('onReady', async () => {
      await step();
    });
  }
  let later: Promise<void> = Promise.resolve();
  const laterSteps = steps.later ?? [];
  if (laterSteps.length > 0) {
    app.addHook('onReady', async () => {
      later = (async () => {
        for (const step of laterSteps) {
          // Each at a turn of its own: the server's listen, and the requests that came meanwhile, go first.
          await nextTurn();
          await step();
        }
      })();
    });
  }
  app.addHook('preClose', async () => {
    for (const step of steps.beforeClose) await step();
  });
  app.addHook('onClose', async () => {
    // What the start still runs goes on the database and the job queue that the close steps stop.
    await later.catch(() => undefined);
    for (const step of steps.close) await step();
  });
  return () => later;
}
