import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateRoutes } from './affiliates.routes';
import { deviceBoardRoutes } from './device-board.routes';
import { deviceFileRoutes } from './device-files.routes';
import type { DevicesContext } from './devices.context';
import type { OwnerAccounts } from './owner-import';
import { ownerAuthorizationRoutes, ownerImportRoutes } from './owners.routes';
import { projectChangeRoutes, projectRoutes } from './projects.routes';
import { type RobotRoutesDeps, robotDeliveryRoutes, robotRoutes } from './robots.routes';
import { registerImportMultipart } from './route-support';

export type { RobotDeliveryPlan } from './robots.routes';
export { registerImportMultipart } from './route-support';

/** What the devices routes need from the modules above them, passed by buildApp. */
export interface DevicesRoutesDeps extends RobotRoutesDeps {
  /** Owner accounts created by the owner import, with the checks of one account (accounts). */
  ownerAccounts: OwnerAccounts;
}

/**
 * Devices, StatisDevices, Affiliates, Projects and Proprietors (spec section 7), one file a resource;
 * registered here in one scope with the multipart parser of the imports.
 */
export function devicesRoutes(ctx: DevicesContext, deps: DevicesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    robotRoutes(app, ctx, deps);
    deviceFileRoutes(app, ctx, deps.groupMembers);
    robotDeliveryRoutes(app, ctx, deps);
    deviceBoardRoutes(app, ctx);
    affiliateRoutes(app, ctx);
    projectRoutes(app, ctx);
    ownerImportRoutes(app, ctx, deps.ownerAccounts);
    projectChangeRoutes(app, ctx);
    ownerAuthorizationRoutes(app, ctx);
  };
}
