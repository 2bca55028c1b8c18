import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { exportKeyQuery, exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { billExportBody } from '@robot-ads/contracts/sales/bills.schemas';
import { branchExportBody } from '@robot-ads/contracts/sales/branches.schemas';
import { leadExportBody } from '@robot-ads/contracts/sales/leads.schemas';
import { orderExportBody } from '@robot-ads/contracts/sales/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import { registerImportMultipart } from '../devices/devices.routes';
import { registerBillRoutes } from './bills.routes';
import type { BillsService } from './bills.service';
import { registerBranchRoutes } from './branches.routes';
import type { BranchesService } from './branches.service';
import { registerLeadImportRoute, registerLeadRoutes } from './leads.routes';
import type { LeadsService } from './leads.service';
import { registerOrderRoutes } from './orders.routes';
import type { OrdersService } from './orders.service';
import type { SalesExports } from './sales-exports';

const OPS = OPERATOR_ROLES;
const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];

/** Orders (/orderList/index, /adordermanage, /order/auditForm/index): docs/sales.md. */
export interface SalesServices {
  orders: OrdersService;
  bills: BillsService;
  leads: LeadsService;
  branches: BranchesService;
  exports: SalesExports;
}

/**
 * The sales pages' routes: each group of pages has its file (orders, bills, leads, branches.routes.ts);
 * the background exports of all four are here.
 */
export function salesRoutes({ orders, bills, leads, branches, exports }: SalesServices): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    registerOrderRoutes(app, orders);
    registerBillRoutes(app, bills);
    registerLeadRoutes(app, leads);
    registerBranchRoutes(app, branches, orders);
    const route = zodRoutes(app, ['sales']);
    const keyResponse = okEnvelope(z.object({ key: z.string() }));
    route.post(
      '/api/Leads/export',
      {
        summary: 'Export intended customers (xlsx, background)',
        body: leadExportBody,
        response: keyResponse,
        config: { roles: OPS },
      },
      async (request) => exports.start(request.user, 'leads', request.body, request.lang),
    );
    route.post(
      '/api/Orders/export',
      {
        summary: 'Export orders (xlsx, background)',
        body: orderExportBody,
        response: keyResponse,
        config: { roles: READERS },
      },
      async (request) => exports.start(request.user, 'orders', request.body, request.lang),
    );
    route.post(
      '/api/Bills/export',
      {
        summary: 'Export the month’s statements list (xlsx, background; principals and DIY flag as section 6)',
        body: billExportBody,
        response: keyResponse,
        config: { roles: READERS },
      },
      async (request) => exports.start(request.user, 'bills', request.body, request.lang),
    );
    route.post(
      '/api/Branches/export',
      {
        summary: 'Export regional accounts (xlsx, background)',
        body: branchExportBody,
        response: keyResponse,
        config: { roles: OPS },
      },
      async (request) => exports.start(request.user, 'branches', request.body, request.lang),
    );
    route.get(
      '/api/Sales/exportState',
      {
        summary: 'Progress of a lead, order, bill or branch export',
        querystring: exportKeyQuery,
        response: okEnvelope(exportStateSchema),
        config: { roles: READERS },
      },
      async (request) => exports.state(request.user, request.query.key),
    );
    app.get(
      '/api/Sales/exportFile',
      {
        schema: {
          tags: ['sales'],
          summary: 'Download a finished lead, order, bill or branch export',
          querystring: exportKeyQuery,
        },
        config: { roles: READERS },
      },
      async (request, reply) => {
        const file = await exports.file(request.user, request.query.key);
        return sendWorkbook(reply, file.fileName, file.stream);
      },
    );
    registerLeadImportRoute(app, leads);
  };
}
