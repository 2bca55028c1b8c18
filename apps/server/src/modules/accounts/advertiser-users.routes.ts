import {
  accountListResponse,
  accountPage,
  accountResponse,
  advertiserCreateBody,
  advertiserPageQuery,
  advertiserUpdateBody,
  findByUserIdQuery,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import type { AccountsService } from './accounts.service';

/** /api/AdvertiserUsers: advertiser accounts in the caller's scope. */
export function advertiserUserRoutes(app: ZodApp, service: AccountsService) {
  const route = zodRoutes(app, ['accounts']);
  const operators = { roles: OPERATOR_ROLES };
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

  route.page(
    '/api/AdvertiserUsers',
    {
      summary: 'Advertiser accounts in scope (paged)',
      querystring: advertiserPageQuery,
      response: accountPage,
      config: operators,
    },
    async (request) => advertiserPage(request.user, request.query),
  );
  route.page(
    '/api/AdvertiserUsers/queryUserByPage',
    {
      summary: 'Advertiser accounts by managing user, login name and name (paged)',
      querystring: advertiserPageQuery,
      response: accountPage,
      config: operators,
    },
    async (request) => advertiserPage(request.user, request.query),
  );
  route.get(
    '/api/AdvertiserUsers/findByUserId',
    {
      summary: 'The advertiser accounts managed by a user (id or userId; default the caller)',
      querystring: findByUserIdQuery,
      response: accountListResponse,
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
      return datas;
    },
  );
  route.get(
    '/api/AdvertiserUsers/:id',
    { summary: 'One advertiser account (own, or in scope)', params: idParams, response: accountResponse },
    async (request) => service.getAdvertiser(request.user, request.params.id),
  );
  route.post(
    '/api/AdvertiserUsers',
    {
      summary: 'Create an advertiser account under the caller (or parentId in scope)',
      body: advertiserCreateBody,
      response: accountResponse,
      config: operators,
    },
    async (request) => service.createAdvertiser(request.user, request.body, request.lang),
  );
  route.put(
    '/api/AdvertiserUsers',
    {
      summary: 'Update an advertiser account in scope',
      body: advertiserUpdateBody,
      response: accountResponse,
      config: operators,
    },
    async (request) => {
      const { id, ...input } = request.body;
      return service.updateAdvertiser(request.user, id, input, request.lang);
    },
  );
  route.delete(
    '/api/AdvertiserUsers/:id',
    {
      summary: 'Delete an advertiser account in scope',
      params: idParams,
      response: emptyOk,
      config: operators,
    },
    async (request) => {
      await service.deleteAdvertiser(request.user, request.params.id);
      return null;
    },
  );
}
