/**
 * The living demo: with demo data loaded, a small fleet of the demo robots runs inside the server
 * process (`DEMO_FLEET` robots, 0 = none) and speaks the real device protocol to the server's own port:
 * it comes online, pulls and acknowledges the live demo plans, plays them on schedule, reports plays,
 * audience counts and QR scans, and now and then a robot goes offline and comes back. So the boards, the
 * map, the bell and the pull ratios move on a fresh `npm start`. Timers only; stopped before the app
 * closes.
 */
import type { AppContext } from '../../platform/context';
import { deliverableAdRobotIds, shootRobotsByRobotIds } from '../devices/devices.queries';
import { issueActivationSecret } from '../devices/devices.service';
import { robotRefsWithLivePublish } from '../publishing/publishing.queries';
import { hasDemoData } from '../system/demo-data';
import { activateRobot, DeviceRobot, newFleetStats } from './device-robot';

export const DEMO_FLEET_VERSION = 'demo-fleet';

export interface DemoFleet {
  robots: DeviceRobot[];
  stats: ReturnType<typeof newFleetStats>;
  /** Resolves once every robot was activated and switched on (in the background of the start). */
  ready: Promise<void>;
  /** Stops every robot and reports the plays they finished; resolves when that is done. */
  stop(): Promise<void>;
}

export interface DemoFleetOptions {
  /** How many robots (the `DEMO_FLEET` setting); 0 starts none. */
  size: number;
  /** The server's own address, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** First beat and pull within this many ms of the start (default 3 s: the demo comes alive at once). */
  firstCycleMs?: number;
}

/**
 * The demo robots the fleet drives (read like the demo seeders read their data): deliverable robots that
 * show ads, those with a live publish record first (so that they pull demo plans and their pull ratios rise), then by robot ID.
 */
async function fleetRobotIds(ctx: AppContext, size: number): Promise<string[]> {
  return deliverableAdRobotIds(ctx.db, ctx.clock.now(), robotRefsWithLivePublish(ctx.db), size);
}

/**
 * Starts the demo fleet when it is wanted (`size` > 0) and the database holds the demo data; null
 * otherwise. Robots are activated and switched on in the background, one after the other. Each robot gets a fresh activation secret (as an operator would issue it) and activates
 * over HTTP like any robot, so its token is a real device token.
 */
export async function startDemoFleet(ctx: AppContext, options: DemoFleetOptions): Promise<DemoFleet | null> {
  if (options.size <= 0 || !(await hasDemoData(ctx.db))) return null;
  const stats = newFleetStats();
  const fleet: DeviceRobot[] = [];
  let stopped = false;
  let churnTimer: ReturnType<typeof setTimeout> | undefined;

  // Now and then a robot goes offline for a few minutes (a power cut, a lost network) and comes back.
  const churn = () => {
    const on = fleet.filter((r) => r.running);
    if (on.length > 4) {
      const robot = on[Math.floor(Math.random() * on.length)] as DeviceRobot;
      robot.pause(90_000 + Math.random() * 150_000);
    }
    churnTimer = setTimeout(churn, 45_000 + Math.random() * 45_000);
  };

  const activation = (async () => {
    const ids = await fleetRobotIds(ctx, options.size);
    const places = new Map(
      (await shootRobotsByRobotIds(ctx.db, ids, ctx.clock.now())).map((r) => [
        r.robotId,
        [[r.province, r.city, r.district, r.address].filter(Boolean).join(' '), r.propertyname]
          .filter(Boolean)
          .join(' · '),
      ]),
    );
    for (const robotId of ids) {
      if (stopped) return;
      try {
        const { secret } = await issueActivationSecret(ctx, robotId);
        const act = await activateRobot(options.baseUrl, robotId, secret, DEMO_FLEET_VERSION);
        if (stopped) return;
        const robot = new DeviceRobot({
          base: options.baseUrl,
          robotId,
          token: act.token,
          heartbeatInterval: act.heartbeatInterval,
          stats,
          appVersion: DEMO_FLEET_VERSION,
          firstCycleMs: options.firstCycleMs ?? 3000,
          reportEveryMs: 15_000,
          publicBase: ctx.config.PUBLIC_URL,
          place: places.get(robotId) ?? '',
        });
        fleet.push(robot);
        stats.activated++;
        robot.start();
      } catch (err) {
        stats.errors++;
        ctx.log.warn({ err, robotId }, 'demo fleet: a robot could not be activated');
      }
    }
    if (stopped) return;
    churnTimer = setTimeout(churn, 60_000 + Math.random() * 30_000);
    ctx.log.info({ robots: fleet.length }, 'demo fleet running');
  })().catch((err) => ctx.log.error({ err }, 'demo fleet could not start'));

  return {
    robots: fleet,
    stats,
    ready: activation,
    async stop() {
      stopped = true;
      await activation;
      clearTimeout(churnTimer);
      for (const robot of fleet) robot.stop();
      // Plays finished before the stop are still reported (briefly: a shutdown does not wait long).
      await Promise.race([
        Promise.all(fleet.map((r) => r.flush())),
        new Promise((resolve) => setTimeout(resolve, 3000).unref()),
      ]);
    },
  };
}
