import { z } from 'zod';
import { checkContactName, checkPhone } from '../accounts/accounts.rules';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import type { Language } from '../common/language';
import { pageQuery } from '../common/pagination';
import { CUSTOMER_AUDIT_STATUSES } from './customers.schemas';
import { checkCreditCode, checkIdNumber } from './enterprise.rules';

/**
 * Enterprise information of an advertiser's company (/account/customer/mainInfo; spec section 3
 * "enterprise accounts"): one per customer. Pictures are media ids registered with
 * POST /api/Media purpose `licence` (jpg/jpeg/png/bmp, at most 2MB); times are unix seconds.
 *
 * Calls (ours; the spec does not show them):
 * - GET  /api/Customers/mainInfo?customerId=   the information (advertisers: their own customer; operators
 *                                               a customer in scope). Never-filled information answers
 *                                               empty fields with auditStatus `unsubmitted`.
 * - PUT  /api/Customers/mainInfo                save (not while a review is pending: CUSTOMER_AUDIT_PENDING)
 * - POST /api/Customers/mainInfo/apply          submit the saved information for review (customer audit)
 */
export const QUALIFICATIONS_MAX = 10;

export const enterprisePicture = z.object({ mediaId: z.string(), url: z.string(), name: z.string() });

export const enterpriseInfoDto = z.object({
  customerId: z.string(),
  customerName: z.string(),
  enterpriseName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  creditCode: z.string(),
  legalPersonIdNumber: z.string(),
  /** Business licence picture and the end of its validity (null: long-term). */
  licence: enterprisePicture.nullable(),
  licenceValidUntil: z.number().nullable(),
  /** Qualification pictures, each with its period. */
  qualifications: z.array(enterprisePicture.extend({ begin: z.number().nullable(), end: z.number().nullable() })),
  /** An advertising agent (acts for other advertisers). */
  agent: z.boolean(),
  /** The customer's (user) audit status and the reason of the last rejection. */
  auditStatus: z.enum(CUSTOMER_AUDIT_STATUSES),
  auditNote: z.string(),
  updatetime: z.number().nullable(),
});
export type EnterpriseInfoDto = z.infer<typeof enterpriseInfoDto>;
export const enterpriseInfoResponse = okEnvelope(enterpriseInfoDto);

/**
 * The stored shape of the information (also an application's snapshot): the DTO's fields with the
 * pictures as media ids (signed links are made when it is read), times in unix seconds.
 */
export type EnterpriseSnapshot = Omit<
  EnterpriseInfoDto,
  'customerId' | 'customerName' | 'licence' | 'qualifications' | 'auditStatus' | 'auditNote'
> & {
  licenceMediaId: string;
  qualifications: Array<{ mediaId: string; begin: number | null; end: number | null }>;
};

export const enterpriseInfoQuery = z.object({ customerId: idSchema.optional() });

const unixSeconds = z.number().int().min(0).nullable().optional();

/**
 * PUT /api/Customers/mainInfo; the rules by locale are `enterpriseInfoIssues`. The form's fields are
 * required; the licence's end, the qualifications and the agent flag keep their stored values when not
 * sent (no defaults: docs/conventions.md "PUT"); `licenceValidUntil: null` makes the licence long-term
 * and `qualifications: []` removes them all. A first save without them stores none, long-term, no agent.
 */
export const enterpriseInfoBody = z.object({
  customerId: idSchema.optional(),
  enterpriseName: z.string().trim().min(2, 'ENTERPRISE_NAME_LENGTH').max(50, 'ENTERPRISE_NAME_LENGTH'),
  contactName: z.string().trim().max(32),
  contactPhone: z.string().trim().max(32),
  province: z.string().trim().min(1, 'PROVINCE_REQUIRED').max(30),
  creditCode: z.string().trim().max(32),
  legalPersonIdNumber: z.string().trim().max(32),
  licenceMediaId: idSchema,
  licenceValidUntil: unixSeconds,
  qualifications: z
    .array(z.object({ mediaId: idSchema, begin: unixSeconds, end: unixSeconds }))
    .max(QUALIFICATIONS_MAX, 'QUALIFICATIONS_MAX')
    .optional(),
  agent: z.boolean().optional(),
});
export type EnterpriseInfoBody = z.infer<typeof enterpriseInfoBody>;

/**
 * The shared rules of the enterprise form: contact name and phone (by locale), credit code and ID number
 * with their check digits, each qualification's period (end after begin). `today` bounds the birth date.
 */
export function enterpriseInfoIssues(
  v: {
    contactName: string;
    contactPhone: string;
    creditCode: string;
    legalPersonIdNumber: string;
    qualifications?: Array<{ begin?: number | null; end?: number | null }>;
  },
  locale: Language,
  today: Date = new Date(),
): Array<{ path: (string | number)[]; code: string }> {
  const out: Array<{ path: (string | number)[]; code: string }> = [];
  const push = (path: (string | number)[], code: string | null) => {
    if (code) out.push({ path, code });
  };
  push(['contactName'], checkContactName(v.contactName));
  push(['contactPhone'], checkPhone(v.contactPhone, locale));
  push(['creditCode'], checkCreditCode(v.creditCode));
  push(['legalPersonIdNumber'], checkIdNumber(v.legalPersonIdNumber, today));
  (v.qualifications ?? []).forEach((q, i) => {
    if (q.begin != null && q.end != null && q.end <= q.begin) push(['qualifications', i, 'end'], 'END_BEFORE_START');
  });
  return out;
}

// ---- customer review (/customer/audit/auditManage, /customer/audit_record/auditApply) ----

/**
 * Calls (ours):
 * - GET  /api/CustomerAudits/queryByPage (root/admin): applications, newest first; state, name
 * - POST /api/CustomerAudits/pass {id} and /reject {id, reason} (root/admin; reason required:
 *   REJECT_REASON_REQUIRED); the applicant is notified live (notification `customer.audit.result`)
 * - GET  /api/CustomerAudits/queryApplyByPage: the caller's applications (advertisers: their customer's)
 * - GET  /api/CustomerAudits/{id}: one application in scope, with the submitted information
 */
export const CUSTOMER_AUDIT_STATES = ['pending', 'pass', 'reject'] as const;

export const customerAuditDto = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  applicantId: z.string(),
  applicantName: z.string(),
  state: z.enum(CUSTOMER_AUDIT_STATES),
  /** The rejection reason ('' otherwise). */
  note: z.string(),
  reviewerName: z.string(),
  createtime: z.number(),
  auditTime: z.number().nullable(),
  /** The information as submitted. */
  enterprise: enterpriseInfoDto.omit({ auditStatus: true, auditNote: true }),
});
export type CustomerAuditDto = z.infer<typeof customerAuditDto>;

export const customerAuditQuery = pageQuery.extend({
  state: z.enum(CUSTOMER_AUDIT_STATES).optional(),
  name: z.string().trim().max(64).optional(),
});
export const customerAuditPage = pageEnvelope(customerAuditDto);
export const customerAuditResponse = okEnvelope(customerAuditDto);
export const customerApplyBody = z.object({ customerId: idSchema.optional() });
export const customerPassBody = z.object({ id: idSchema });
export const customerRejectBody = z.object({ id: idSchema, reason: z.string().trim().max(500).optional().default('') });
