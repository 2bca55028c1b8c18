import {
  accountResponse,
  ownerContactQuery,
  ownerReviewScopeBody,
  ownerReviewScopeQuery,
  ownerReviewScopeResponse,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import type { OwnerAccountsService } from './accounts.owners';

/** /api/Proprietors: an owner account's contact and whose applications it reviews. */
export function ownerReviewRoutes(app: ZodApp, service: OwnerAccountsService) {
  const route = zodRoutes(app, ['accounts']);
  const ownerOrOperators = { roles: [...OPERATOR_ROLES, 'project' as const] };
  route.get(
    '/api/Proprietors/updateContact',
    {
      summary: "Set an owner's contact name and phone (the owner itself, or an operator for its subtree)",
      querystring: ownerContactQuery,
      response: accountResponse,
      config: ownerOrOperators,
    },
    async (request) => service.updateOwnerContact(request.user, request.query, request.lang),
  );
  route.get(
    '/api/Proprietors/reviewScope',
    {
      summary: 'Whose applications an owner reviews, and its autoAudit (the owner itself, or an operator)',
      querystring: ownerReviewScopeQuery,
      response: ownerReviewScopeResponse,
      config: ownerOrOperators,
    },
    async (request) => service.reviewScope(request.user, request.query.accountId),
  );
  route.put(
    '/api/Proprietors/reviewScope',
    {
      summary: 'Set whose applications an owner in the subtree reviews (none: everybody) and its autoAudit',
      body: ownerReviewScopeBody,
      response: ownerReviewScopeResponse,
      config: { roles: OPERATOR_ROLES },
    },
    async (request) => service.setReviewScope(request.user, request.body),
  );
}
