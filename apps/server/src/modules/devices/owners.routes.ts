import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  accountIdBody,
  addAuthorizationBody,
  ownerImportSchema,
  ownerQuery,
  ownerSchema,
} from '@robot-ads/contracts/devices/devices.schemas';
import type { AppContext } from '../../platform/context';
import { tr } from '../../platform/i18n/i18n';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import { readImportUpload } from './device-import';
import { buildOwnerImportTemplate, importOwners, type OwnerAccounts, parseOwnerFile } from './owner-import';
import { addAuthorization, listOwners, setAuthorized } from './projects.service';
import { ACCOUNT_MANAGERS, OPS, templateRoute } from './route-support';

/** /api/Proprietors: the bulk import of owner accounts with their property and robots. */
export function ownerImportRoutes(app: ZodApp, ctx: AppContext, ownerAccounts: OwnerAccounts) {
  templateRoute(
    app,
    '/api/Proprietors/importTemplate',
    {
      tag: 'projects',
      summary: 'The owner import template (.xlsx): one owner account a row with its property and device IDs',
      roles: ACCOUNT_MANAGERS,
      fileName: (lang) => tr(lang, 'devices:ownerImport.fileName'),
    },
    buildOwnerImportTemplate,
  );
  zodRoutes(app, ['projects']).post(
    '/api/Proprietors/importOwners',
    {
      summary:
        'Bulk creation of owner accounts with their property and robots (multipart: file; confirm=true creates ' +
        'them, all rows or none; parentId: the parent account, default the caller); every row checked',
      response: okEnvelope(ownerImportSchema),
      config: { roles: ACCOUNT_MANAGERS },
    },
    async (request) => {
      const upload = await readImportUpload(request);
      const entries = parseOwnerFile(upload.buffer, upload.filename);
      return importOwners(ctx, ownerAccounts, request.user, entries, {
        confirm: upload.fields.confirm === 'true',
        parentId: upload.fields.parentId?.trim() || undefined,
        lang: request.lang,
      });
    },
  );
}

/** /api/Proprietors/authorization: owner accounts and the property each may log in to. */
export function ownerAuthorizationRoutes(app: ZodApp, ctx: AppContext) {
  const route = zodRoutes(app, ['projects']);
  const config = { roles: OPS };
  route.page(
    '/api/Proprietors/authorization',
    {
      summary: 'Owner accounts and their authorization',
      querystring: ownerQuery,
      response: pageEnvelope(ownerSchema),
      config,
    },
    async (request) => listOwners(ctx, request.user, request.query),
  );
  route.post(
    '/api/Proprietors/authorization/add',
    {
      summary: 'Owner authorization: give an owner account a property',
      body: addAuthorizationBody,
      response: okEnvelope(ownerSchema),
      config,
    },
    async (request) => addAuthorization(ctx, request.user, request.body.projectId, request.body.accountId),
  );
  route.post(
    '/api/Proprietors/authorization/open',
    {
      summary: 'Owner authorization: open (log in again)',
      body: accountIdBody,
      response: okEnvelope(ownerSchema),
      config,
    },
    async (request) => setAuthorized(ctx, request.user, request.body.accountId, true),
  );
  route.post(
    '/api/Proprietors/authorization/remove',
    {
      summary: 'Owner authorization: remove (login refused)',
      body: accountIdBody,
      response: okEnvelope(ownerSchema),
      config,
    },
    async (request) => setAuthorized(ctx, request.user, request.body.accountId, false),
  );
}
