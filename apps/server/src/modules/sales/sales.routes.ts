import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import { exportKeyQuery, exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import {
  billExportBody,
  billFileQuery,
  billPage,
  billQuery,
  billResponse,
  billStatementQuery,
} from '@robot-ads/contracts/sales/bills.schemas';
import {
  branchCreateBody,
  branchCustomerPage,
  branchExportBody,
  branchListQuery,
  branchPage,
  branchQuery,
  branchResponse,
  branchRobotPage,
  branchUpdateBody,
} from '@robot-ads/contracts/sales/branches.schemas';
import {
  leadConvertBody,
  leadConvertResponse,
  leadCreateBody,
  leadDetailResponse,
  leadExportBody,
  leadImportResponse,
  leadNoteBody,
  leadPage,
  leadQuery,
  leadResponse,
  leadUpdateBody,
} from '@robot-ads/contracts/sales/leads.schemas';
import {
  orderCreateBody,
  orderCreditBody,
  orderDeliveryResponse,
  orderDetailResponse,
  orderExportBody,
  orderIdBody,
  orderPage,
  orderQuery,
  orderQuoteBody,
  orderQuoteResponse,
  orderResponse,
  orderReviewBody,
  orderTransitionBody,
} from '@robot-ads/contracts/sales/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import { readImportUpload } from '../devices/device-import';
import { registerImportMultipart } from '../devices/devices.routes';
import type { BillsService } from './bills.service';
import type { BranchesService } from './branches.service';
import type { LeadsService } from './leads.service';
import { parseLeadFile } from './leads-import';
import type { OrdersService } from './orders.service';
import type { SalesExports } from './sales-exports';

const OPS = OPERATOR_ROLES;
const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];
const fileSchema = (summary: string) => ({ tags: ['sales'], summary, querystring: billFileQuery });

/** Orders (/orderList/index, /adordermanage, /order/auditForm/index): docs/sales.md. */
export interface SalesServices {
  orders: OrdersService;
  bills: BillsService;
  leads: LeadsService;
  branches: BranchesService;
  exports: SalesExports;
}

export function salesRoutes({ orders, bills, leads, branches, exports }: SalesServices): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    const route = zodRoutes(app, ['sales']);
    route.page(
      '/api/Orders/queryByPage',
      {
        summary: 'Orders in scope (paged; state, customer, keyword, created from/to)',
        querystring: orderQuery,
        response: orderPage,
        config: { roles: READERS },
      },
      async (request) => orders.page(request.user, request.query),
    );
    route.post(
      '/api/Orders/quote',
      {
        summary: 'The amount of a booking from the prices, weeks and free materials',
        body: orderQuoteBody,
        response: orderQuoteResponse,
        config: { roles: OPS },
      },
      async (request) => orders.quote(request.user, request.body),
    );
    route.post(
      '/api/Orders',
      {
        summary: 'A new order (reviewing) booking a plan on devices for weeks',
        body: orderCreateBody,
        response: orderResponse,
        config: { roles: OPS },
      },
      async (request) => orders.create(request.user, request.body),
    );
    route.post(
      '/api/Orders/review',
      {
        summary: 'Approve (pending payment) or reject with a reason; notifies live',
        body: orderReviewBody,
        response: orderResponse,
        config: { roles: OPS },
      },
      async (request) =>
        orders.act(request.user, request.body.id, request.body.approve ? 'approve' : 'reject', request.body.reason),
    );
    route.post(
      '/api/Orders/transition',
      {
        summary: 'Resubmit, pay, launch, complete or cancel, as the state machine allows',
        body: orderTransitionBody,
        response: orderResponse,
        config: { roles: OPS },
      },
      async (request) => orders.act(request.user, request.body.id, request.body.action, request.body.reason),
    );
    route.post(
      '/api/Orders/sync',
      {
        summary: 'Recount the devices that played the plan (proof of play)',
        body: orderIdBody,
        response: orderResponse,
        config: { roles: OPS },
      },
      async (request) => orders.sync(request.user, request.body.id),
    );
    route.post(
      '/api/Orders/credit',
      {
        summary: 'Grant the proposed credit for a shortfall (or less), once',
        body: orderCreditBody,
        response: orderResponse,
        config: { roles: OPS },
      },
      async (request) => orders.credit(request.user, request.body.id, request.body.amount, request.body.reason),
    );
    route.get(
      '/api/Orders/delivery',
      {
        summary:
          'Delivery against what was sold: screen-days contracted, due, delivered (verified plays), shortfall, suggested credit',
        querystring: orderIdBody,
        response: orderDeliveryResponse,
        config: { roles: READERS },
      },
      async (request) => orders.delivery(request.user, request.query.id),
    );
    route.get(
      '/api/Orders/:id',
      {
        summary: 'One order with its lines and history',
        params: idParams,
        response: orderDetailResponse,
        config: { roles: READERS },
      },
      async (request) => orders.detail(request.user, request.params.id),
    );
    route.page(
      '/api/Bills/queryByPage',
      {
        summary: 'Statements of the month, one per customer in scope (principals and DIY flag as section 6)',
        querystring: billQuery,
        response: billPage,
        config: { roles: READERS },
      },
      async (request) => bills.page(request.user, request.query),
    );
    route.get(
      '/api/Bills/statement',
      {
        summary: 'One customer statement of a month: charges, payments, credits, balance and lines',
        querystring: billStatementQuery,
        response: billResponse,
        config: { roles: READERS },
      },
      async (request) => bills.statement(request.user, request.query.customerId, request.query.month),
    );
    app.get(
      '/api/Bills/statement.pdf',
      { schema: fileSchema('The statement as a PDF (Noto Sans SC)'), config: { roles: READERS } },
      async (request, reply) => {
        const q = request.query;
        const pdf = await bills.pdf(request.user, q.customerId, q.month, q.language ?? request.user.lang);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachment(`bill-${q.month}.pdf`))
          .send(pdf);
      },
    );
    app.get(
      '/api/Bills/statement.xlsx',
      { schema: fileSchema('The statement as an xlsx'), config: { roles: READERS } },
      async (request, reply) => {
        const q = request.query;
        const file = await bills.xlsx(request.user, q.customerId, q.month, q.language ?? request.user.lang);
        return sendWorkbook(reply, `bill-${q.month}.xlsx`, file);
      },
    );
    route.page(
      '/api/Leads/queryByPage',
      {
        summary: 'Intended customers in scope (paged; name, phone, priority, follow-up state, industry, owner, due)',
        querystring: leadQuery,
        response: leadPage,
        config: { roles: OPS },
      },
      async (request) => leads.page(request.user, request.query),
    );
    route.post(
      '/api/Leads',
      {
        summary: 'A new intended customer (phone unique)',
        body: leadCreateBody,
        response: leadResponse,
        config: { roles: OPS },
      },
      async (request) => leads.create(request.user, request.body, request.lang),
    );
    route.put(
      '/api/Leads',
      {
        summary: 'Change an intended customer',
        body: leadUpdateBody,
        response: leadResponse,
        config: { roles: OPS },
      },
      async (request) => leads.update(request.user, request.body, request.lang),
    );
    route.post(
      '/api/Leads/notes',
      {
        summary: 'A dated follow-up note (may set the follow-up state and the next reminder)',
        body: leadNoteBody,
        response: leadDetailResponse,
        config: { roles: OPS },
      },
      async (request) => leads.addNote(request.user, request.body),
    );
    route.post(
      '/api/Leads/convert',
      {
        summary: 'Convert into a customer and its first account, in one transaction',
        body: leadConvertBody,
        response: leadConvertResponse,
        config: { roles: OPS },
      },
      async (request) => leads.convert(request.user, request.body, request.lang),
    );
    route.get(
      '/api/Leads/:id',
      {
        summary: 'One intended customer with its follow-up timeline',
        params: idParams,
        response: leadDetailResponse,
        config: { roles: OPS },
      },
      async (request) => leads.detail(request.user, request.params.id),
    );
    route.delete(
      '/api/Leads/:id',
      { summary: 'Delete an intended customer', params: idParams, response: emptyOk, config: { roles: OPS } },
      async (request) => {
        await leads.remove(request.user, request.params.id);
        return null;
      },
    );
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
    route.post(
      '/api/Leads/import',
      {
        summary: 'Import intended customers from one .xlsx/.xls file (multipart, at most 5MB): all rows or none',
        response: leadImportResponse,
        config: { roles: OPS },
      },
      async (request) => {
        const upload = await readImportUpload(request);
        return leads.importRows(
          request.user,
          parseLeadFile(upload.buffer, upload.filename, request.lang),
          request.lang,
        );
      },
    );
  };
}
