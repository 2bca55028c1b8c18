import {
  accountCreateBody,
  accountListResponse,
  accountPage,
  accountResponse,
  accountStatusBody,
  accountTreeQuery,
  accountUpdateBody,
  advertiserCreateBody,
  advertiserPageQuery,
  advertiserUpdateBody,
  childProjectQuery,
  childrenQuery,
  currentUserResponse,
  findByUserIdQuery,
  ownerContactQuery,
  ownerReviewScopeBody,
  ownerReviewScopeQuery,
  ownerReviewScopeResponse,
  profileBody,
  resetChildPasswordBody,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsService } from './accounts.service';

const tags = ['accounts'];

/** Users and AdvertiserUsers (spec section 7), all limited to the caller's scope. */
export function accountsRoutes(service: AccountsService): FastifyPluginAsyncZod {
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
  return async (app) => {
    app.get(
      '/api/Users/current',
      {
        schema: {
          tags,
          summary: 'The current user session info (spec section 3)',
          response: { 200: currentUserResponse },
        },
      },
      async (request) => ({ success: true as const, data: await service.current(request.user) }),
    );

    app.get(
      '/api/Users',
      {
        schema: {
          tags,
          summary: 'Accounts in scope (paged; role, name, parentId, status)',
          querystring: accountTreeQuery,
          response: { 200: accountPage },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, ...(await treePage(request.user, request.query)) }),
    );

    app.get(
      '/api/Users/queryByPage',
      {
        schema: {
          tags,
          summary: 'Accounts in scope, paged (role, name, parentId, status)',
          querystring: accountTreeQuery,
          response: { 200: accountPage },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, ...(await treePage(request.user, request.query)) }),
    );

    app.get(
      '/api/Users/children',
      {
        schema: {
          tags,
          summary: 'Direct child accounts of an account (default: the caller)',
          querystring: childrenQuery,
          response: { 200: accountListResponse },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, data: await service.children(request.user, request.query.id) }),
    );

    app.get(
      '/api/Users/V3_childProjectAccounts',
      {
        schema: {
          tags,
          summary: 'Project accounts in scope (name, paged)',
          querystring: childProjectQuery,
          response: { 200: accountPage },
        },
        config: operators,
      },
      async (request) => {
        const { start, limit, name } = request.query;
        return {
          success: true as const,
          ...(await service.page(request.user, { start, limit, name, roles: ['project'] })),
        };
      },
    );

    app.get(
      '/api/Users/V3_childAdministratorsAccounts',
      {
        schema: {
          tags,
          summary: 'The parent-account dictionary: super and administrator accounts in scope',
          response: { 200: accountListResponse },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, data: await service.administrators(request.user) }),
    );

    app.get(
      '/api/Users/:id',
      {
        schema: {
          tags,
          summary: 'One account (own, or in the scope of an operator)',
          params: idParams,
          response: { 200: accountResponse },
        },
      },
      async (request) => ({ success: true as const, data: await service.get(request.user, request.params.id) }),
    );

    app.put(
      '/api/Users',
      {
        schema: {
          tags,
          summary:
            'Update one own profile: name, phone (by locale, unique), email, sex, avatar, contact phone, language',
          body: profileBody,
          response: { 200: currentUserResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.updateProfile(request.user, request.body, request.lang),
      }),
    );

    const managers = { roles: ['super', 'administrator'] as const };
    app.post(
      '/api/Users',
      {
        schema: {
          tags,
          summary: 'Create a sub-account (super, administrator, operator, project, hide) under a parent in scope',
          body: accountCreateBody,
          response: { 200: accountResponse },
        },
        config: managers,
      },
      async (request) => ({
        success: true as const,
        data: await service.createAccount(request.user, request.body, request.lang),
      }),
    );
    app.put(
      '/api/Users/:id',
      {
        schema: {
          tags,
          summary: 'Update a sub-account in scope (not oneself, not root/admin); a password resets it',
          params: idParams,
          body: accountUpdateBody,
          response: { 200: accountResponse },
        },
        config: managers,
      },
      async (request) => ({
        success: true as const,
        data: await service.updateAccount(request.user, request.params.id, request.body, request.lang),
      }),
    );
    app.delete(
      '/api/Users/:id',
      {
        schema: {
          tags,
          summary: 'Delete a sub-account in scope without children',
          params: idParams,
          response: { 200: emptyOk },
        },
        config: managers,
      },
      async (request) => {
        await service.deleteAccount(request.user, request.params.id);
        return { success: true as const, data: null };
      },
    );

    app.post(
      '/api/Users/resetPassword',
      {
        schema: {
          tags,
          summary: "Reset the password of an account in the caller's subtree (not oneself, not root/admin)",
          body: resetChildPasswordBody,
          response: { 200: emptyOk },
        },
        config: managers,
      },
      async (request) => {
        await service.resetPassword(request.user, request.body.id, request.body.password);
        return { success: true as const, data: null };
      },
    );
    app.post(
      '/api/Users/status',
      {
        schema: {
          tags,
          summary: "Enable or disable an account in the caller's subtree (not oneself, not root/admin)",
          body: accountStatusBody,
          response: { 200: accountResponse },
        },
        config: managers,
      },
      async (request) => ({
        success: true as const,
        data: await service.setStatus(request.user, request.body.id, request.body.status),
      }),
    );

    // ---- Proprietors: owner contact and review authorization ----
    app.get(
      '/api/Proprietors/updateContact',
      {
        schema: {
          tags,
          summary: "Set an owner's contact name and phone (the owner itself, or an operator for its subtree)",
          querystring: ownerContactQuery,
          response: { 200: accountResponse },
        },
        config: { roles: [...OPERATOR_ROLES, 'project'] },
      },
      async (request) => ({
        success: true as const,
        data: await service.updateOwnerContact(request.user, request.query, request.lang),
      }),
    );
    app.get(
      '/api/Proprietors/reviewScope',
      {
        schema: {
          tags,
          summary: 'Whose applications an owner reviews, and its autoAudit (the owner itself, or an operator)',
          querystring: ownerReviewScopeQuery,
          response: { 200: ownerReviewScopeResponse },
        },
        config: { roles: [...OPERATOR_ROLES, 'project'] },
      },
      async (request) => ({
        success: true as const,
        data: await service.reviewScope(request.user, request.query.accountId),
      }),
    );
    app.put(
      '/api/Proprietors/reviewScope',
      {
        schema: {
          tags,
          summary: 'Set whose applications an owner in the subtree reviews (none: everybody) and its autoAudit',
          body: ownerReviewScopeBody,
          response: { 200: ownerReviewScopeResponse },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, data: await service.setReviewScope(request.user, request.body) }),
    );

    // ---- AdvertiserUsers ----
    const advertiserPage = async (
      user: Parameters<AccountsService['page']>[0],
      q: { start: number; limit: number; user?: string; account?: string; name?: string },
    ) => {
      if (q.user) await service.children(user, q.user);
      return service.page(user, {
        start: q.start,
        limit: q.limit,
        name: q.name,
        username: q.account,
        parentId: q.user,
        roles: ADVERTISER_ROLES,
      });
    };

    app.get(
      '/api/AdvertiserUsers',
      {
        schema: {
          tags,
          summary: 'Advertiser accounts in scope (paged)',
          querystring: advertiserPageQuery,
          response: { 200: accountPage },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, ...(await advertiserPage(request.user, request.query)) }),
    );

    app.get(
      '/api/AdvertiserUsers/queryUserByPage',
      {
        schema: {
          tags,
          summary: 'Advertiser accounts by managing user, login name and name (paged)',
          querystring: advertiserPageQuery,
          response: { 200: accountPage },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, ...(await advertiserPage(request.user, request.query)) }),
    );

    app.get(
      '/api/AdvertiserUsers/findByUserId',
      {
        schema: {
          tags,
          summary: 'The advertiser accounts managed by a user (id or userId; default the caller)',
          querystring: findByUserIdQuery,
          response: { 200: accountListResponse },
        },
        config: operators,
      },
      async (request) => {
        const parentId = request.query.userId ?? request.query.id ?? request.user.id;
        await service.children(request.user, parentId);
        const { datas } = await service.page(request.user, {
          parentId,
          roles: ADVERTISER_ROLES,
          start: 0,
          limit: 1000,
        });
        return { success: true as const, data: datas };
      },
    );

    app.get(
      '/api/AdvertiserUsers/:id',
      {
        schema: {
          tags,
          summary: 'One advertiser account (own, or in scope)',
          params: idParams,
          response: { 200: accountResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.getAdvertiser(request.user, request.params.id),
      }),
    );

    app.post(
      '/api/AdvertiserUsers',
      {
        schema: {
          tags,
          summary: 'Create an advertiser account under the caller (or parentId in scope)',
          body: advertiserCreateBody,
          response: { 200: accountResponse },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await service.createAdvertiser(request.user, request.body, request.lang),
      }),
    );

    app.put(
      '/api/AdvertiserUsers',
      {
        schema: {
          tags,
          summary: 'Update an advertiser account in scope',
          body: advertiserUpdateBody,
          response: { 200: accountResponse },
        },
        config: operators,
      },
      async (request) => {
        const { id, ...input } = request.body;
        return { success: true as const, data: await service.updateAdvertiser(request.user, id, input, request.lang) };
      },
    );

    app.delete(
      '/api/AdvertiserUsers/:id',
      {
        schema: {
          tags,
          summary: 'Delete an advertiser account in scope',
          params: idParams,
          response: { 200: emptyOk },
        },
        config: operators,
      },
      async (request) => {
        await service.deleteAdvertiser(request.user, request.params.id);
        return { success: true as const, data: null };
      },
    );
  };
}
