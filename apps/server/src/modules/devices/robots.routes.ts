import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  activationSecretSchema,
  cacheUpdateQuery,
  cacheUpdateResult,
  createRobotBody,
  deliveryInfoSchema,
  robotDetailSchema,
  robotIdBody,
  robotIdQuery,
  robotQuery,
  robotSchema,
  setInfoBody,
  setPriceBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import { priceHistoryPage, priceHistoryQuery } from '@robot-ads/contracts/sales/prices.schemas';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import type { GroupMembers } from './device-exports';
import type { DevicesContext } from './devices.context';
import {
  createRobot,
  issueActivationSecret,
  queryRobots,
  revokeDeviceTokens,
  robotBaseInfo,
  setInfo,
  sweepOffline,
  visibleRobot,
} from './devices.service';
import { DEVICE_READERS, OPS, OPS_PROJECT } from './route-support';
import { priceHistory, setPrice } from './set-price';

/** A plan published to a robot, as the delivery info shows it. */
export interface RobotDeliveryPlan {
  playlistId: string;
  state: 'notIssued' | 'issued' | 'pulled';
  pubTime: number | null;
  pullTime: number | null;
  plan: { name: string; priority: number; beginAt: Date | null; endAt: Date | null };
}

/** What the robot routes need from the modules above them. */
export interface RobotRoutesDeps {
  /** The plans currently published to a robot (robots.id), highest priority first (publishing). */
  plansPublishedToRobot: (robotRef: string) => Promise<RobotDeliveryPlan[]>;
  /** The members of an ad group, for the group device export and group prices (ad-groups). */
  groupMembers: GroupMembers;
}

/** /api/Devices: the inventory, one robot, its price, connection state, device tokens and delivery info. */
export function robotRoutes(app: ZodApp, ctx: DevicesContext, deps: RobotRoutesDeps) {
  const route = zodRoutes(app, ['devices']);
  route.page(
    '/api/Devices/queryRobotInfo',
    {
      tags: ['open'],
      summary: 'Devices, paged and filtered (incl. distance)',
      querystring: robotQuery,
      response: pageEnvelope(robotSchema),
      config: { roles: DEVICE_READERS },
    },
    async (request) => queryRobots(ctx, request.user, request.query),
  );
  route.get(
    '/api/Devices/robotBaseInfo',
    {
      summary: 'One device: all fields, state history, remaining slots',
      querystring: robotIdQuery,
      response: okEnvelope(robotDetailSchema),
      config: { roles: DEVICE_READERS },
    },
    async (request) => robotBaseInfo(ctx, request.user, request.query.robotId),
  );
  route.post(
    '/api/Devices',
    {
      summary: 'Register a robot in the inventory',
      body: createRobotBody,
      response: okEnvelope(robotDetailSchema),
      config: { roles: OPS },
    },
    async (request) => createRobot(ctx, request.user, request.body),
  );
  route.post(
    '/api/Devices/setInfo',
    {
      summary: 'Change a device (project accounts: name, scene, ads, lists, panoramas)',
      body: setInfoBody,
      response: okEnvelope(robotSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => setInfo(ctx, request.user, request.body),
  );
  route.post(
    '/api/Devices/setPrice',
    {
      summary: 'Price per week in yuan for several devices',
      body: setPriceBody,
      response: okEnvelope(z.object({ updated: z.number().int() })),
      config: { roles: OPS },
    },
    async (request) => setPrice(ctx, request.user, request.body, deps.groupMembers),
  );
  route.page(
    '/api/Devices/priceHistory',
    {
      summary: 'History of weekly price changes (robots in scope)',
      querystring: priceHistoryQuery,
      response: priceHistoryPage,
      config: { roles: OPS },
    },
    async (request) => priceHistory(ctx, request.user, request.query),
  );
  route.post(
    '/api/Devices/cacheUpdate',
    {
      summary: 'Re-evaluate connection state now (one robot by id, or all)',
      querystring: cacheUpdateQuery,
      response: okEnvelope(cacheUpdateResult),
      config: { roles: OPS },
    },
    async (request) => sweepOffline(ctx, request.query.id),
  );
  route.post(
    '/api/Devices/activationSecret',
    {
      summary: 'Issue a one-time activation secret (shown once)',
      body: robotIdBody,
      response: okEnvelope(activationSecretSchema),
      config: { roles: OPS },
    },
    async (request) => issueActivationSecret(ctx, request.body.robotId),
  );
  route.post(
    '/api/Devices/revokeToken',
    {
      summary: "Revoke a device's tokens",
      body: robotIdBody,
      response: okEnvelope(z.object({ revoked: z.number().int() })),
      config: { roles: OPS },
    },
    async (request) => revokeDeviceTokens(ctx, request.body.robotId),
  );
}

/** /api/Devices/queryDeliveryInfo: the plans currently published to a device. */
export function robotDeliveryRoutes(app: ZodApp, ctx: AppContext, deps: RobotRoutesDeps) {
  zodRoutes(app, ['devices']).get(
    '/api/Devices/queryDeliveryInfo',
    {
      summary: 'Device delivery info: the plans currently published to a device',
      querystring: robotIdQuery,
      response: okEnvelope(z.array(deliveryInfoSchema)),
      config: { roles: OPS_PROJECT },
    },
    async (request) => {
      const robot = await visibleRobot(ctx, ctx.db, request.user, request.query.robotId);
      const plans = await deps.plansPublishedToRobot(robot.robot.id);
      return plans.map((p) => ({
        playlistId: p.playlistId,
        name: p.plan.name,
        priority: p.plan.priority,
        state: p.state,
        pubTime: p.pubTime,
        pullTime: p.pullTime,
        begin: toUnixSeconds(p.plan.beginAt) ?? 0,
        end: toUnixSeconds(p.plan.endAt) ?? 0,
      }));
    },
  );
}
