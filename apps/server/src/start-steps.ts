import type { FastifyBaseLogger } from 'fastify';
import { ensureDayPartitions } from './modules/play-events/play-events.partitions';
import type { AppContext } from './platform/context';

type Step = () => unknown;

/**
 * The start's work on the database beside the routes: the raw events' day partitions and the job queue's
 * start. Ready steps by default; with `startLater` (main.ts) they run after ready while the server already
 * listens (a start in under 5 s): the queue counts as starting from the ready step on, so a job sent until it
 * runs waits for it (Jobs.send), and a queue that fails to start is logged, as it can no longer stop the start.
 */
export function startSteps(
  ctx: AppContext,
  log: FastifyBaseLogger,
  opts: { startJobs?: boolean; startLater?: boolean },
): { ready: Step[]; later: Step[] } {
  // Without the day partitions every event lands in the default partition (moved out when the partition is
  // made): a failure is logged, the server starts.
  const partitions = () =>
    ensureDayPartitions(ctx).catch((err: unknown) => log.error({ err }, 'play_events day partitions not made'));
  if (!opts.startLater) return { ready: [partitions, ...(opts.startJobs ? [() => ctx.jobs.start()] : [])], later: [] };
  let jobsStarting: Promise<unknown> = Promise.resolve();
  const startJobs = () => {
    jobsStarting = ctx.jobs
      .start({ later: true })
      .catch((err: unknown) => log.error({ err }, 'the job queue did not start'));
  };
  return { ready: opts.startJobs ? [startJobs] : [], later: [partitions, () => jobsStarting] };
}
