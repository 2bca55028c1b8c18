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
import { type CustomerHasAccount, CustomersService } from './customers.service';

const tags = ['customers'];
const roles = ['super', 'administrator', 'operator', 'advertisers', 'advertisers_special'] as const;

/** GET /api/Customers, /findAll, /{id} (spec section 7), limited to the caller's scope. */
export function customersRoutes(ctx: AppContext, customerHasAccount: CustomerHasAccount): FastifyPluginAsyncZod {
  const service = new CustomersService(ctx, customerHasAccount);
  return async (app) => {
    app.get(
      '/api/Customers',
      {
        schema: {
          tags,
          summary: 'Customers in scope (paged; name, category)',
          querystring: customerQuery,
          response: { 200: customerPage },
        },
        config: { roles },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );
    app.get(
      '/api/Customers/findAll',
      {
        schema: {
          tags,
          summary: 'Customers in scope for selectors (name prefix; at most limit, default 100)',
          querystring: customerFindAllQuery,
          response: { 200: customerListResponse },
        },
        config: { roles },
      },
      async (request) => ({ success: true as const, data: await service.findAll(request.user, request.query) }),
    );
    app.get(
      '/api/Customers/:id',
      {
        schema: { tags, summary: 'One customer in scope', params: idParams, response: { 200: customerResponse } },
        config: { roles },
      },
      async (request) => ({ success: true as const, data: await service.get(request.user, request.params.id) }),
    );
    const managers = { roles: OPERATOR_ROLES };
    app.post(
      '/api/Customers',
      {
        schema: {
          tags,
          summary: 'Create a customer managed by the caller (name and phone unique)',
          body: customerCreateBody,
          response: { 200: customerResponse },
        },
        config: managers,
      },
      async (request) => ({
        success: true as const,
        data: await service.create(request.user, request.body, request.lang),
      }),
    );
    app.put(
      '/api/Customers',
      {
        schema: {
          tags,
          summary: 'Update a customer in scope',
          body: customerUpdateBody,
          response: { 200: customerResponse },
        },
        config: managers,
      },
      async (request) => ({
        success: true as const,
        data: await service.update(request.user, request.body, request.lang),
      }),
    );
    app.delete(
      '/api/Customers/:id',
      {
        schema: {
          tags,
          summary: 'Delete a customer in scope without advertiser accounts',
          params: idParams,
          response: { 200: emptyOk },
        },
        config: managers,
      },
      async (request) => {
        await service.remove(request.user, request.params.id);
        return { success: true as const, data: null };
      },
    );
  };
}
