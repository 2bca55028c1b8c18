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
import {
  customerApplyBody,
  customerAuditPage,
  customerAuditQuery,
  customerAuditResponse,
  customerPassBody,
  customerRejectBody,
  enterpriseInfoBody,
  enterpriseInfoQuery,
  enterpriseInfoResponse,
} from '@robot-ads/contracts/customers/enterprise.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zodRoutes } from '../../platform/zod-routes';
import type { CustomersService } from './customers.service';
import type { EnterpriseService } from './enterprise.service';

const tags = ['customers'];
const roles = ['super', 'administrator', 'operator', 'advertisers', 'advertisers_special'] as const;

/**
 * GET /api/Customers, /findAll, /{id} (spec section 7), limited to the caller's scope; the enterprise
 * information (/api/Customers/mainInfo) and the customer review (/api/CustomerAudits).
 */
export function customersRoutes(service: CustomersService, enterprise: EnterpriseService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);
    route.page(
      '/api/Customers',
      {
        summary: 'Customers in scope (paged; name, category, industry, audit status, province, city, contact)',
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

    // ---- enterprise information (/account/customer/mainInfo) ----
    route.get(
      '/api/Customers/mainInfo',
      {
        summary: 'Enterprise information of a customer (advertisers: their own; operators: customerId in scope)',
        querystring: enterpriseInfoQuery,
        response: enterpriseInfoResponse,
        config: { roles },
      },
      async (request) => enterprise.get(request.user, request.query.customerId),
    );
    route.put(
      '/api/Customers/mainInfo',
      {
        summary: 'Save the enterprise information (credit code and ID number check digits; not while under review)',
        body: enterpriseInfoBody,
        response: enterpriseInfoResponse,
        config: { roles },
      },
      async (request) => enterprise.save(request.user, request.body, request.lang),
    );
    route.post(
      '/api/Customers/mainInfo/apply',
      {
        summary: 'Submit the saved enterprise information for the customer review',
        body: customerApplyBody,
        response: customerAuditResponse,
        config: { roles },
      },
      async (request) => enterprise.apply(request.user, request.body.customerId),
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
        summary: 'Create a customer managed by the caller (name and phone unique; starts unsubmitted)',
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

    // ---- customer review (/customer/audit/auditManage, /customer/audit_record/auditApply) ----
    route.page(
      '/api/CustomerAudits/queryByPage',
      {
        summary: 'Customer review applications (root/admin; state, customer name)',
        querystring: customerAuditQuery,
        response: customerAuditPage,
        config: { rootOnly: true },
      },
      async (request) => enterprise.reviewPage(request.user, request.query),
    );
    route.page(
      '/api/CustomerAudits/queryApplyByPage',
      {
        summary: "The caller's customer review applications (advertisers: their customer's)",
        querystring: customerAuditQuery,
        response: customerAuditPage,
        config: { roles },
      },
      async (request) => enterprise.applyPage(request.user, request.query),
    );
    route.get(
      '/api/CustomerAudits/:id',
      {
        summary: 'One customer review application in scope',
        params: idParams,
        response: customerAuditResponse,
        config: { roles },
      },
      async (request) => enterprise.one(request.user, request.params.id),
    );
    route.post(
      '/api/CustomerAudits/pass',
      {
        summary: 'Pass a pending customer review (root/admin); the applicant is notified live',
        body: customerPassBody,
        response: customerAuditResponse,
        config: { rootOnly: true },
      },
      async (request) => enterprise.decide(request.user, request.body.id, true, ''),
    );
    route.post(
      '/api/CustomerAudits/reject',
      {
        summary: 'Reject a pending customer review with a reason (root/admin); the applicant is notified live',
        body: customerRejectBody,
        response: customerAuditResponse,
        config: { rootOnly: true },
      },
      async (request) => enterprise.decide(request.user, request.body.id, false, request.body.reason),
    );
  };
}
