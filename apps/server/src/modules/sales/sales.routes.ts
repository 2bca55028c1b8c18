import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  billFileQuery,
  billPage,
  billQuery,
  billResponse,
  billStatementQuery,
} from '@robot-ads/contracts/sales/bills.schemas';
import {
  orderCreateBody,
  orderCreditBody,
  orderDetailResponse,
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
import { attachment, sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import type { BillsService } from './bills.service';
import type { OrdersService } from './orders.service';

const OPS = OPERATOR_ROLES;
const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];
const fileSchema = (summary: string) => ({ tags: ['sales'], summary, querystring: billFileQuery });

/** Orders (/orderList/index, /adordermanage, /order/auditForm/index): docs/sales.md. */
export function salesRoutes(orders: OrdersService, bills: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
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
      async (request) => orders.credit(request.user, request.body.id, request.body.amount),
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
  };
}
