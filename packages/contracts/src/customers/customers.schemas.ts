import { z } from 'zod';
import { checkContactName, checkPhone } from '../accounts/accounts.rules';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import type { Language } from '../common/language';
import { pageQuery } from '../common/pagination';
import { updateOf } from '../common/update-body';
import { INDUSTRIES } from './enterprise.rules';

/** Spec section 3 "Customer": the advertiser's client. */
export const CUSTOMER_CATEGORIES = ['advertisers', 'advertiser'] as const;

/**
 * The customer's review state (customer audit): `unsubmitted` (enterprise information not yet submitted),
 * `pending` (waiting for root/admin), `pass` (approved: it may apply for delivery), `reject`.
 */
export const CUSTOMER_AUDIT_STATUSES = ['unsubmitted', 'pending', 'pass', 'reject'] as const;
export type CustomerAuditStatus = (typeof CUSTOMER_AUDIT_STATUSES)[number];

/** At most this many contacts per customer. */
export const CUSTOMER_CONTACTS_MAX = 10;

export const customerContact = z.object({ name: z.string(), phone: z.string() });

/** An account attached to a customer (advertiser accounts). */
export const customerAccount = z.object({ id: z.string(), account: z.string(), name: z.string(), role: z.string() });

export const customerDto = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CUSTOMER_CATEGORIES),
  auditStatus: z.enum(CUSTOMER_AUDIT_STATUSES),
  /** The reason of the last rejection ('' otherwise). */
  auditNote: z.string(),
  phone: z.string(),
  /** One of INDUSTRIES, or '' when not set. */
  industry: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  contacts: z.array(customerContact),
  /** The advertiser accounts attached to this customer. */
  accounts: z.array(customerAccount),
  /** The managing operator account. */
  ownerId: z.string().nullable(),
  createtime: z.number(),
});
export type CustomerDto = z.infer<typeof customerDto>;

const optionalText = z.string().trim().max(64).optional();

export const customerQuery = pageQuery.extend({
  name: optionalText,
  category: z.enum(CUSTOMER_CATEGORIES).optional(),
  industry: z.enum(INDUSTRIES).optional(),
  auditStatus: z.enum(CUSTOMER_AUDIT_STATUSES).optional(),
  province: optionalText,
  city: optionalText,
  /** Matches a contact's name or phone, or the customer's phone. */
  contact: optionalText,
});
export const customerFindAllQuery = z.object({
  name: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const customerPage = pageEnvelope(customerDto);
export const customerListResponse = okEnvelope(z.array(customerDto));
export const customerResponse = okEnvelope(customerDto);

/** One of INDUSTRIES or '' (default ''): customers and intended customers. */
export const industryField = z
  .string()
  .trim()
  .refine((v) => v === '' || (INDUSTRIES as readonly string[]).includes(v), 'INDUSTRY_INVALID')
  .optional()
  .default('');

const contactInput = z.object({
  name: z.string().trim().max(32),
  phone: z.string().trim().max(32),
});

/** POST /api/Customers (ours): a new customer managed by the caller; it starts `unsubmitted`. */
export const customerCreateBody = z.object({
  name: z.string().trim().min(2, 'CUSTOMER_NAME_LENGTH').max(50, 'CUSTOMER_NAME_LENGTH'),
  category: z.enum(CUSTOMER_CATEGORIES).default('advertisers'),
  phone: z.string().trim().max(20).optional().default(''),
  industry: industryField,
  province: z.string().trim().max(30).optional().default(''),
  city: z.string().trim().max(30).optional().default(''),
  district: z.string().trim().max(30).optional().default(''),
  contacts: z.array(contactInput).max(CUSTOMER_CONTACTS_MAX, 'CUSTOMER_CONTACTS_MAX').optional().default([]),
});
/** PUT /api/Customers (ours). */
export const customerUpdateBody = updateOf(customerCreateBody).extend({ id: idSchema });

/**
 * The locale rules of a customer form (web) and the server: each contact's name (2-15, legal characters)
 * and phone (by locale), the customer's phone by locale. Issues carry catalogue codes; paths are
 * `phone` or `contacts.<i>.name|phone`.
 */
export function customerRulesIssues(
  v: { phone?: string; contacts?: Array<{ name: string; phone: string }> },
  locale: Language,
): Array<{ path: (string | number)[]; code: string }> {
  const out: Array<{ path: (string | number)[]; code: string }> = [];
  if (v.phone) {
    const code = checkPhone(v.phone, locale);
    if (code) out.push({ path: ['phone'], code });
  }
  const seen = new Set<string>();
  (v.contacts ?? []).forEach((c, i) => {
    const nameCode = checkContactName(c.name);
    if (nameCode) out.push({ path: ['contacts', i, 'name'], code: nameCode });
    const phoneCode = checkPhone(c.phone, locale);
    if (phoneCode) out.push({ path: ['contacts', i, 'phone'], code: phoneCode });
    else if (seen.has(c.phone)) out.push({ path: ['contacts', i, 'phone'], code: 'CONTACT_PHONE_EXISTS' });
    seen.add(c.phone);
  });
  return out;
}
