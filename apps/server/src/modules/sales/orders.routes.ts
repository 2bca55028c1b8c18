import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  orderCreateBody,
  orderCreditBody,
  orderDeliveryResponse,
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
import { type ZodApp, zodRoutes } from '../../platform/zod-routes';
import type { OrdersService } from './orders.service';

const OPS = OPERATOR_ROLES;
const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];

/** The orders pages (/orderList/index, /adordermanage, /order/auditForm/index): list, booking, review, states, delivery. */
export function registerOrderRoutes(app: ZodApp, orders: OrdersService): void {
  const route = zodRoutes(app, ['sales']);
  route.page(
    '/api/Orders/queryByPage',
    {
      summary: 'Orders in scope (paged; state, customer, keyword, created from/to)',
      // A partner call (listOrders): a partner sees what its owning account sees here.
      tags: ['open'],
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
}
