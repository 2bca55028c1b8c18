import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnerAccountsService } from './accounts.owners';
import type { AccountsService } from './accounts.service';
import { advertiserUserRoutes } from './advertiser-users.routes';
import { ownerReviewRoutes } from './owner-review.routes';
import { userRoutes } from './users.routes';

/** Users and AdvertiserUsers (spec section 7), all limited to the caller's scope; one file a resource. */
export function accountsRoutes(service: AccountsService, owners: OwnerAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    userRoutes(app, service);
    ownerReviewRoutes(app, owners);
    advertiserUserRoutes(app, service);
  };
}
