import { z } from 'zod';
import { newPasswordSchema } from '../auth/password.rules';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { updateOf } from '../common/update-body';
import { industryField } from '../customers/customers.schemas';
import { INDUSTRIES } from '../customers/enterprise.rules';
import { FOLLOW_STATES, LEAD_PRIORITIES } from './sales.rules';

/** Intended customers (/screenManage/intendedManage/index): a small CRM of leads. Paths: /api/Leads/*. */
export const followStateSchema = z.enum(FOLLOW_STATES);
export const leadPrioritySchema = z.enum(LEAD_PRIORITIES);

export const LEAD_SOURCES = ['visit', 'phone', 'referral', 'exhibition', 'online', 'other'] as const;
export const leadSourceSchema = z.enum(LEAD_SOURCES);

export const leadNoteDto = z.object({
  id: z.string(),
  /** Unix seconds. */
  time: z.number().int(),
  authorId: z.string(),
  authorName: z.string(),
  content: z.string(),
  /** The follow-up state the note set ('' when unchanged). */
  followState: z.union([followStateSchema, z.literal('')]),
});
export type LeadNoteDto = z.infer<typeof leadNoteDto>;

export const leadDto = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  /** One of INDUSTRIES, or ''. */
  industry: z.string(),
  province: z.string(),
  city: z.string(),
  source: leadSourceSchema,
  priority: leadPrioritySchema,
  followState: followStateSchema,
  /** The owner salesperson (an operator account). */
  ownerId: z.string(),
  ownerName: z.string(),
  /** Unix seconds of the next follow-up (a notification reaches the owner that day), null when none. */
  nextFollowAt: z.number().int().nullable(),
  /** Set once converted: the customer created from the lead. */
  customerId: z.string().nullable(),
  createtime: z.number().int(),
  /** Time of the latest note, null when none. */
  lastNoteAt: z.number().int().nullable(),
});
export type LeadDto = z.infer<typeof leadDto>;

export const leadDetailDto = leadDto.extend({ notes: z.array(leadNoteDto) });
export type LeadDetailDto = z.infer<typeof leadDetailDto>;

const optionalText = z.string().trim().max(64).optional();

/** GET /api/Leads/queryByPage: paged on the server, newest first; the caller's scope (docs/sales.md). */
export const leadQuery = pageQuery.extend({
  name: optionalText,
  phone: optionalText,
  priority: leadPrioritySchema.optional(),
  followState: followStateSchema.optional(),
  industry: z.enum(INDUSTRIES).optional(),
  ownerId: idSchema.optional(),
  /** Leads whose next follow-up is due on or before this unix second. */
  dueBefore: z.coerce.number().int().min(0).optional(),
});
export type LeadQuery = z.infer<typeof leadQuery>;

export const leadPage = pageEnvelope(leadDto);
export const leadResponse = okEnvelope(leadDto);
export const leadDetailResponse = okEnvelope(leadDetailDto);

/**
 * POST /api/Leads. name 2-15 (LEAD name rules of section 5), phone by the caller's locale and unique among
 * leads (LEAD_PHONE_EXISTS), ownerId defaults to the caller (must be an operator in scope).
 */
export const leadCreateBody = z.object({
  name: z.string().trim().min(2, 'NAME_LENGTH').max(15, 'NAME_LENGTH'),
  phone: z.string().trim().min(1, 'PHONE_REQUIRED').max(20),
  industry: industryField,
  province: z.string().trim().max(30).optional().default(''),
  city: z.string().trim().max(30).optional().default(''),
  source: leadSourceSchema.default('other'),
  priority: leadPrioritySchema.default('ordinary'),
  ownerId: idSchema.optional(),
  nextFollowAt: z.number().int().min(0).nullable().optional(),
});
export type LeadCreateBody = z.infer<typeof leadCreateBody>;

/** PUT /api/Leads. */
export const leadUpdateBody = updateOf(leadCreateBody).extend({
  id: idSchema,
  followState: followStateSchema.optional(),
});
export type LeadUpdateBody = z.infer<typeof leadUpdateBody>;

/** POST /api/Leads/notes: a dated follow-up note; may move the follow-up state and set the next reminder. */
export const leadNoteBody = z.object({
  leadId: idSchema,
  content: z.string().trim().min(1, 'LEAD_NOTE_EMPTY').max(500),
  followState: followStateSchema.optional(),
  nextFollowAt: z.number().int().min(0).nullable().optional(),
});
export type LeadNoteBody = z.infer<typeof leadNoteBody>;

/**
 * POST /api/Leads/convert: the customer (name, phone, industry, region from the lead) and its first
 * advertiser account, in one transaction. The lead becomes `completed` with `customerId`.
 * Refused when already converted (LEAD_ALREADY_CONVERTED) or discarded (LEAD_DISCARDED).
 */
export const leadConvertBody = z.object({
  leadId: idSchema,
  /** Customer name (default: the lead's name), 2-50. */
  customerName: z.string().trim().min(2, 'CUSTOMER_NAME_LENGTH').max(50, 'CUSTOMER_NAME_LENGTH').optional(),
  account: z.object({
    account: z.string().trim().min(2).max(32),
    name: z.string().trim().min(2, 'NAME_LENGTH').max(15, 'NAME_LENGTH'),
    password: newPasswordSchema,
  }),
});
export type LeadConvertBody = z.infer<typeof leadConvertBody>;
export const leadConvertResult = z.object({ leadId: z.string(), customerId: z.string(), accountId: z.string() });
export const leadConvertResponse = okEnvelope(leadConvertResult);

/**
 * POST /api/Leads/import (multipart, one .xlsx/.xls file up to 5MB, the existing import mechanism):
 * columns name, phone, industry, province, city, source, priority from row 2; every row is checked and
 * the file is refused as a whole with the row numbers of the problems, or all rows are added.
 */
export const leadImportResult = z.object({
  added: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), code: z.string(), message: z.string() })),
});
export const leadImportResponse = okEnvelope(leadImportResult);

/** POST /api/Leads/export (same filters as queryByPage): a background xlsx export (platform/exports.ts). */
export const leadExportBody = leadQuery.omit({ start: true, limit: true });

/** The notification (bell and live `message`) of a due follow-up: data { id, name, phone, nextFollowAt }. */
export { LEAD_REMINDER_EVENT } from '../notifications/notification-names';
