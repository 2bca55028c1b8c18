import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { HeartbeatBody } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import { HEARTBEAT_INTERVAL_S } from '@robot-ads/contracts/devices/devices.rules';
import { AppError } from '../../platform/app-error';
import {
  insertDeviceToken,
  markRobotActivated,
  revokeDeviceTokensOf,
  robotForActivation,
} from '../devices/devices.queries';
import { sha256 } from '../devices/devices.service';
import { deviceOfToken, newDeviceToken, sameSecret } from './device-auth';
import type { DeviceProtocolContext } from './device-protocol.context';

/**
 * Activation: the robot shows its robotId and the one-time secret an operator issued; it becomes
 * activated and gets a fresh device token (earlier tokens of the robot are revoked).
 */
export async function activate(
  ctx: DeviceProtocolContext,
  body: { robotId: string; secret: string; appVersion?: string },
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const robot = await robotForActivation(tx, body.robotId);
    // The same refusal for an unknown robot and a wrong secret: nothing to learn by guessing.
    if (!robot || !sameSecret(body.secret, robot.hash)) throw new AppError('DEVICE_SECRET_WRONG');
    ctx.deviceTokens.evict(await revokeDeviceTokensOf(tx, robot.id, now));
    const token = newDeviceToken();
    await insertDeviceToken(tx, robot.id, sha256(token), now);
    await markRobotActivated(tx, robot.id, {
      activatedAt: robot.activatedAt ?? now,
      appVersion: body.appVersion,
      now,
      wasActivated: robot.activated,
    });
    return {
      token,
      robotId: robot.robotId,
      heartbeatInterval: HEARTBEAT_INTERVAL_S,
      serverTime: toUnixSeconds(now) ?? 0,
    };
  });
}

/**
 * One heartbeat. A robot already online (as the presence knows) costs a map update, no database work:
 * its last-seen time is written with the others every few seconds. A beat that brings a robot online
 * is written through at once with its transition (docs/device-protocol.md, "Online and offline").
 */
export async function heartbeat(ctx: DeviceProtocolContext, token: string | null, body: HeartbeatBody) {
  const device = await deviceOfToken(ctx.deviceTokens, token);
  if (!device) throw new AppError('DEVICE_TOKEN_INVALID');
  const now = ctx.clock.now();
  const fields = {
    status: body.status,
    appVersion: body.appVersion ?? null,
    lng: body.lng ?? null,
    lat: body.lat ?? null,
    freeStorage: body.freeStorage ?? null,
  };
  const online = await ctx.presence.beat(device.robotRef, now, fields);
  if (!online && !(await ctx.presence.writeThrough(device.robotRef, fields)))
    throw new AppError('DEVICE_TOKEN_INVALID');
  return {
    serverTime: Math.floor(now.getTime() / 1000),
    heartbeatInterval: HEARTBEAT_INTERVAL_S,
    online: true as const,
  };
}
