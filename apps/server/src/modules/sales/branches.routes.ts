import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  branchCreateBody,
  branchCustomerPage,
  branchListQuery,
  branchPage,
  branchQuery,
  branchResponse,
  branchRobotPage,
  branchUpdateBody,
} from '@robot-ads/contracts/sales/branches.schemas';
import { orderPage } from '@robot-ads/contracts/sales/orders.schemas';
import { type ZodApp, zodRoutes } from '../../platform/zod-routes';
import type { BranchesService } from './branches.service';
import type { OrdersService } from './orders.service';

const OPS = OPERATOR_ROLES;

/** The regional accounts pages: list, form, and a branch's robots, customers and orders. */
export function registerBranchRoutes(app: ZodApp, branches: BranchesService, orders: OrdersService): void {
  const route = zodRoutes(app, ['sales']);
  route.page(
    '/api/Branches/queryByPage',
    {
      summary: 'Regional accounts with their regions and counts of robots, customers and orders',
      querystring: branchQuery,
      response: branchPage,
      config: { roles: OPS },
    },
    async (request) => branches.page(request.user, request.query),
  );
  route.post(
    '/api/Branches',
    { summary: 'A new regional account', body: branchCreateBody, response: branchResponse, config: { roles: OPS } },
    async (request) => branches.create(request.user, request.body),
  );
  route.put(
    '/api/Branches',
    {
      summary: 'Change a regional account',
      body: branchUpdateBody,
      response: branchResponse,
      config: { roles: OPS },
    },
    async (request) => branches.update(request.user, request.body),
  );
  route.delete(
    '/api/Branches/:id',
    { summary: 'Delete a regional account', params: idParams, response: emptyOk, config: { roles: OPS } },
    async (request) => {
      await branches.remove(request.user, request.params.id);
      return null;
    },
  );
  route.page(
    '/api/Branches/robots',
    {
      summary: 'Robots in the regions of a branch',
      querystring: branchListQuery,
      response: branchRobotPage,
      config: { roles: OPS },
    },
    async (request) => branches.robots(request.user, request.query),
  );
  route.page(
    '/api/Branches/customers',
    {
      summary: 'Customers managed by the branch agent',
      querystring: branchListQuery,
      response: branchCustomerPage,
      config: { roles: OPS },
    },
    async (request) => branches.customers(request.user, request.query),
  );
  route.page(
    '/api/Branches/orders',
    {
      summary: 'Orders of the customers of a branch',
      querystring: branchListQuery,
      response: orderPage,
      config: { roles: OPS },
    },
    async (request) =>
      orders.page(request.user, request.query, await branches.agentIds(request.user, request.query.id)),
  );
}
