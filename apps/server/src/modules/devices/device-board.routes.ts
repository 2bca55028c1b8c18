import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { DEVICE_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import { deviceBoardSchema, mapPointSchema, mapQuery } from '@robot-ads/contracts/devices/devices.schemas';
import { z } from 'zod';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import { deviceBoard, mapPoints } from './device-board';
import type { DevicesContext } from './devices.context';
import { DEVICE_READERS, OPS_PROJECT } from './route-support';

/** /api/StatisDevices: the device board and the map; and the device types. */
export function deviceBoardRoutes(app: ZodApp, ctx: DevicesContext) {
  const route = zodRoutes(app, ['devices']);
  route.get(
    '/api/StatisDevices/queryRobotInfo',
    {
      summary: 'Device board: counts by state and type, online ratio, transitions',
      response: okEnvelope(deviceBoardSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => deviceBoard(ctx, request.user),
  );
  route.get(
    '/api/StatisDevices/queryRobotInfoSimple',
    {
      summary: 'Located devices as map points, filtered',
      querystring: mapQuery,
      response: okEnvelope(z.array(mapPointSchema)),
      config: { roles: OPS_PROJECT },
    },
    async (request) => mapPoints(ctx, request.user, request.query),
  );
  route.get(
    '/api/Devices/types',
    { summary: 'The device types', response: okEnvelope(z.array(z.string())), config: { roles: DEVICE_READERS } },
    async () => [...DEVICE_TYPES],
  );
}
