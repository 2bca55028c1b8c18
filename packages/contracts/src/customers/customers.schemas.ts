import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';

/** Spec section 3 "Customer": the advertiser's client. */
export const CUSTOMER_CATEGORIES = ['advertisers', 'advertiser'] as const;

export const customerDto = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CUSTOMER_CATEGORIES),
  auditStatus: z.string(),
  phone: z.string(),
  industry: z.string(),
  createtime: z.number(),
});
export type CustomerDto = z.infer<typeof customerDto>;

export const customerQuery = pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  category: z.enum(CUSTOMER_CATEGORIES).optional(),
});
export const customerFindAllQuery = z.object({
  name: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const customerPage = pageEnvelope(customerDto);
export const customerListResponse = okEnvelope(z.array(customerDto));
export const customerResponse = okEnvelope(customerDto);

/** POST /api/Customers (ours): a new customer managed by the caller. */
export const customerCreateBody = z.object({
  name: z.string().trim().min(2, 'CUSTOMER_NAME_LENGTH').max(50, 'CUSTOMER_NAME_LENGTH'),
  category: z.enum(CUSTOMER_CATEGORIES).default('advertisers'),
  phone: z.string().trim().max(20).optional().default(''),
  industry: z.string().trim().max(40).optional().default(''),
});
/** PUT /api/Customers (ours). */
export const customerUpdateBody = customerCreateBody.partial().extend({ id: idSchema });
