import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { MONTH_PATTERN } from './sales.rules';

/**
 * Bills (/bill/index and /bill): a statement per customer per month. Visible (section 6) to callers whose
 * principals are root, admin or empty AND who have the DIY flag; others get 403. Advertisers read their
 * own customer's; operators the customers managed in their subtree; root/admin all. Paths /api/Bills/*.
 * Months are calendar months in the server's time zone (Asia/Shanghai by default).
 */
export const monthSchema = z.string().regex(MONTH_PATTERN, 'MONTH_FORMAT');

export const BILL_LINE_KINDS = ['charge', 'payment', 'credit'] as const;
export const billLineKindSchema = z.enum(BILL_LINE_KINDS);

export const billLineDto = z.object({
  kind: billLineKindSchema,
  /** Unix seconds. */
  time: z.number().int(),
  orderId: z.string(),
  orderNo: z.string(),
  /** Order name (charges), payment note, or credit reason. */
  description: z.string(),
  /** Yuan: charges positive; payments and credits positive too (they reduce the balance). */
  amount: z.number(),
  amountFen: z.number().int(),
});
export type BillLineDto = z.infer<typeof billLineDto>;

export const billDto = z.object({
  customerId: z.string(),
  customerName: z.string(),
  month: z.string(),
  /** Balance carried from the months before (charges - payments - credits). */
  openingBalanceFen: z.number().int(),
  chargesFen: z.number().int(),
  paymentsFen: z.number().int(),
  creditsFen: z.number().int(),
  /** opening + charges - payments - credits: what the customer owes (negative: in its favour). */
  balanceFen: z.number().int(),
  openingBalance: z.number(),
  charges: z.number(),
  payments: z.number(),
  credits: z.number(),
  balance: z.number(),
  lines: z.array(billLineDto),
});
export type BillDto = z.infer<typeof billDto>;
export const billSummaryDto = billDto.omit({ lines: true });
export type BillSummaryDto = z.infer<typeof billSummaryDto>;

/** GET /api/Bills/queryByPage: one row per customer in scope with activity or a balance that month. */
export const billQuery = pageQuery.extend({ month: monthSchema, customerId: idSchema.optional() });
export const billPage = pageEnvelope(billSummaryDto);
/** POST /api/Bills/export: the month's statements list as an xlsx, same filters and scope (progress: /api/Sales/exportState). */
export const billExportBody = billQuery.omit({ start: true, limit: true });

/** GET /api/Bills/statement: one statement with its lines. */
export const billStatementQuery = z.object({ customerId: idSchema, month: monthSchema });
export const billResponse = okEnvelope(billDto);

/**
 * GET /api/Bills/statement.pdf and /api/Bills/statement.xlsx (same query, plus `language` zh|en,
 * default the caller's): the file itself (application/pdf with Noto Sans SC embedded; xlsx), outside the
 * envelope.
 */
export const billFileQuery = billStatementQuery.extend({ language: z.enum(['zh', 'en']).optional() });
