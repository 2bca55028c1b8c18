import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  DEVICE_STATES,
  DEVICE_TYPES,
  type DeviceState,
  type DeviceType,
  robotState,
} from '@robot-ads/contracts/devices/devices.rules';
import type { DeviceBoard, MapPoint } from '@robot-ads/contracts/devices/devices.schemas';
import type { DevicesContext } from './devices.context';
import { locatedConditions, recentTransitions, robotScope, type ScopeUser } from './devices.repository';
import { robotWhere } from './devices.service';
import { mapRobotRows, stateCounts } from './robot-state.repository';

/** GET /api/StatisDevices/queryRobotInfo: counts by state and type, online ratio, recent transitions. */
export async function deviceBoard(ctx: DevicesContext, user: ScopeUser): Promise<DeviceBoard> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const scope = robotScope(user, now);
  const { counts, byType: byTypeRows } = await stateCounts(ctx.db, scope, now);
  const byType = DEVICE_TYPES.map((type) => {
    const r = byTypeRows.find((x) => x.type === type);
    return { type, total: r?.total ?? 0, online: r?.online ?? 0 };
  });
  const byState = Object.fromEntries(DEVICE_STATES.map((s) => [s, counts?.[s] ?? 0])) as Record<DeviceState, number>;
  const live = byState.online + byState.offline;
  const recent = await recentTransitions(ctx.db, scope, 20);
  return {
    total: counts?.total ?? 0,
    byState,
    byType,
    onlineRatio: live === 0 ? 0 : Math.round((byState.online / live) * 10000) / 10000,
    recentTransitions: recent.map((r) => ({
      robotId: r.robotId,
      name: r.name,
      kind: r.kind as 'online' | 'offline',
      time: toUnixSeconds(r.at) ?? 0,
    })),
  };
}

/** GET /api/StatisDevices/queryRobotInfoSimple: every located robot in scope as a map point. */
export async function mapPoints(
  ctx: DevicesContext,
  user: ScopeUser,
  q: { province?: string; city?: string; type?: DeviceType; state?: DeviceState },
): Promise<MapPoint[]> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const where = robotWhere(
    user,
    { province: q.province, city: q.city, type: q.type, state: q.state },
    now,
    locatedConditions(),
  );
  const rows = await mapRobotRows(ctx.db, where, 20000);
  return rows.map((r) => ({
    robotId: r.robotId,
    name: r.name,
    type: r.type as DeviceType,
    state: robotState(r, now),
    province: r.province,
    city: r.city,
    lng: r.lng as number,
    lat: r.lat as number,
  }));
}
