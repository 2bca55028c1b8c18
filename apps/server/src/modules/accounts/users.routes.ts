import {
  accountCreateBody,
  accountListResponse,
  accountPage,
  accountResponse,
  accountStatusBody,
  accountTreeQuery,
  accountUpdateBody,
  childProjectQuery,
  childrenQuery,
  currentUserResponse,
  profileBody,
  resetChildPasswordBody,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import type { AccountsService } from './accounts.service';

/** /api/Users: one's own profile, and the account tree in the caller's scope. */
export function userRoutes(app: ZodApp, service: AccountsService) {
  const route = zodRoutes(app, ['accounts']);
  const operators = { roles: OPERATOR_ROLES };
  /** The account tree in scope; a parentId outside the scope is refused (FORBIDDEN). */
  const treePage = async (
    user: Parameters<AccountsService['page']>[0],
    q: { start: number; limit: number; role?: Role; name?: string; parentId?: string; status?: 'enabled' | 'disabled' },
  ) => {
    if (q.parentId) await service.children(user, q.parentId);
    return service.page(user, {
      start: q.start,
      limit: q.limit,
      name: q.name,
      parentId: q.parentId,
      status: q.status,
      roles: q.role ? [q.role] : undefined,
    });
  };

  route.get(
    '/api/Users/current',
    { summary: 'The current user session info (spec section 3)', response: currentUserResponse },
    async (request) => service.current(request.user),
  );
  route.page(
    '/api/Users',
    {
      summary: 'Accounts in scope (paged; role, name, parentId, status)',
      querystring: accountTreeQuery,
      response: accountPage,
      config: operators,
    },
    async (request) => treePage(request.user, request.query),
  );
  route.page(
    '/api/Users/queryByPage',
    {
      summary: 'Accounts in scope, paged (role, name, parentId, status)',
      querystring: accountTreeQuery,
      response: accountPage,
      config: operators,
    },
    async (request) => treePage(request.user, request.query),
  );
  route.get(
    '/api/Users/children',
    {
      summary: 'Direct child accounts of an account (default: the caller)',
      querystring: childrenQuery,
      response: accountListResponse,
      config: operators,
    },
    async (request) => service.children(request.user, request.query.id),
  );
  route.page(
    '/api/Users/V3_childProjectAccounts',
    {
      summary: 'Project accounts in scope (name, paged)',
      querystring: childProjectQuery,
      response: accountPage,
      config: operators,
    },
    async (request) => {
      const { start, limit, name } = request.query;
      return service.page(request.user, { start, limit, name, roles: ['project'] });
    },
  );
  route.get(
    '/api/Users/V3_childAdministratorsAccounts',
    {
      summary: 'The parent-account dictionary: super and administrator accounts in scope',
      response: accountListResponse,
      config: operators,
    },
    async (request) => service.administrators(request.user),
  );
  route.get(
    '/api/Users/:id',
    { summary: 'One account (own, or in the scope of an operator)', params: idParams, response: accountResponse },
    async (request) => service.get(request.user, request.params.id),
  );
  route.put(
    '/api/Users',
    {
      summary: 'Update one own profile: name, phone (by locale, unique), email, sex, avatar, contact phone, language',
      body: profileBody,
      response: currentUserResponse,
    },
    async (request) => service.updateProfile(request.user, request.body, request.lang),
  );

  const managers = { roles: ['super', 'administrator'] as const };
  route.post(
    '/api/Users',
    {
      summary: 'Create a sub-account (super, administrator, operator, project, hide) under a parent in scope',
      body: accountCreateBody,
      response: accountResponse,
      config: managers,
    },
    async (request) => service.createAccount(request.user, request.body, request.lang),
  );
  route.put(
    '/api/Users/:id',
    {
      summary: 'Update a sub-account in scope (not oneself, not root/admin); a password resets it',
      params: idParams,
      body: accountUpdateBody,
      response: accountResponse,
      config: managers,
    },
    async (request) => service.updateAccount(request.user, request.params.id, request.body, request.lang),
  );
  route.delete(
    '/api/Users/:id',
    {
      summary: 'Delete a sub-account in scope without children',
      params: idParams,
      response: emptyOk,
      config: managers,
    },
    async (request) => {
      await service.deleteAccount(request.user, request.params.id);
      return null;
    },
  );
  route.post(
    '/api/Users/resetPassword',
    {
      summary: "Reset the password of an account in the caller's subtree (not oneself, not root/admin)",
      body: resetChildPasswordBody,
      response: emptyOk,
      config: managers,
    },
    async (request) => {
      await service.resetPassword(request.user, request.body.id, request.body.password);
      return null;
    },
  );
  route.post(
    '/api/Users/status',
    {
      summary: "Enable or disable an account in the caller's subtree (not oneself, not root/admin)",
      body: accountStatusBody,
      response: accountResponse,
      config: managers,
    },
    async (request) => service.setStatus(request.user, request.body.id, request.body.status),
  );
}
