import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  leadConvertBody,
  leadConvertResponse,
  leadCreateBody,
  leadDetailResponse,
  leadImportResponse,
  leadNoteBody,
  leadPage,
  leadQuery,
  leadResponse,
  leadUpdateBody,
} from '@robot-ads/contracts/sales/leads.schemas';
import { type ZodApp, zodRoutes } from '../../platform/zod-routes';
import { readImportUpload } from '../devices/device-import';
import type { LeadsService } from './leads.service';
import { parseLeadFile } from './leads-import';

const OPS = OPERATOR_ROLES;

/** The intended customers pages: list, form, follow-up notes, conversion and removal. */
export function registerLeadRoutes(app: ZodApp, leads: LeadsService): void {
  const route = zodRoutes(app, ['sales']);
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
}

/** The xlsx import of intended customers (the multipart parser is registered by salesRoutes). */
export function registerLeadImportRoute(app: ZodApp, leads: LeadsService): void {
  const route = zodRoutes(app, ['sales']);
  route.post(
    '/api/Leads/import',
    {
      summary: 'Import intended customers from one .xlsx/.xls file (multipart, at most 5MB): all rows or none',
      response: leadImportResponse,
      config: { roles: OPS },
    },
    async (request) => {
      const upload = await readImportUpload(request);
      return leads.importRows(request.user, parseLeadFile(upload.buffer, upload.filename, request.lang), request.lang);
    },
  );
}
