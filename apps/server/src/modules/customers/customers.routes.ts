import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  customerCreateBody,
  customerFindAllQuery,
  customerListResponse,
  customerPage,
  customerQuery,
  customerResponse,
  customerUpdateBody,
} from '@robot-ads/contracts/customers/customers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { zodRoutes } from '../../platform/zod-routes';
import { type CustomerHasAccount, CustomersService } from './customers.service';

const tags = ['customers'];
const roles = ['super', 'administrator', 'operator', 'advertisers', 'advertisers_special'] as const;

/** GET /api/Customers, /findAll, /{id} (spec section 7), limited to the caller's scope. */
export function customersRoutes(ctx: AppContext, customerHasAccount: CustomerHasAccount): FastifyPluginAsyncZod {
  const service = new CustomersService(ctx, customerHasAccount);
  return async (app) => {
    const route = zodRoutes(app, tags);
    route.page(
      '/api/Customers',
      {
        summary: 'Customers in scope (paged; name, category)',
        querystring: customerQuery,
        response: customerPage,
        config: { roles },
      },
      async (request) => service.page(request.user, request.query),
    );
    route.get(
      '/api/Customers/findAll',
      {
        summary: 'Customers in scope for selectors (name prefix; at most limit, default 100)',
        querystring: customerFindAllQuery,
        response: customerListResponse,
        config: { roles },
      },
      async (request) => service.findAll(request.user, request.query),
    );
    route.get(
      '/api/Customers/:id',
      { summary: 'One customer in scope', params: idParams, response: customerResponse, config: { roles } },
      async (request) => service.get(request.user, request.params.id),
    );
    const managers = { roles: OPERATOR_ROLES };
    route.post(
      '/api/Customers',
      {
        summary: 'Create a customer managed by the caller (name and phone unique)',
        body: customerCreateBody,
        response: customerResponse,
        config: managers,
      },
      async (request) => service.create(request.user, request.body, request.lang),
    );
    route.put(
      '/api/Customers',
      { summary: 'Update a customer in scope', body: customerUpdateBody, response: customerResponse, config: managers },
      async (request) => service.update(request.user, request.body, request.lang),
    );
    route.delete(
      '/api/Customers/:id',
      {
        summary: 'Delete a customer in scope without advertiser accounts',
        params: idParams,
        response: emptyOk,
        config: managers,
      },
      async (request) => {
        await service.remove(request.user, request.params.id);
        return null;
      },
    );
  };
}
