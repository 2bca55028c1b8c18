import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import {
  billFileQuery,
  billPage,
  billQuery,
  billResponse,
  billStatementQuery,
} from '@robot-ads/contracts/sales/bills.schemas';
import { attachment, sendWorkbook } from '../../platform/exports';
import { type ZodApp, zodRoutes } from '../../platform/zod-routes';
import type { BillsService } from './bills.service';

const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];
const fileSchema = (summary: string) => ({ tags: ['sales'], summary, querystring: billFileQuery });

/** The bills page: the month's statements, one statement, and the statement as PDF or xlsx. */
export function registerBillRoutes(app: ZodApp, bills: BillsService): void {
  const route = zodRoutes(app, ['sales']);
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
}
