import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { updateOf } from '../common/update-body';

/**
 * Branches (/LubanBranches): regional accounts (agents) selling screens in provinces and cities
 * (docs/sales.md "Branches"). A branch links one operator account (the agent) to a region; its robots are
 * the robots located in that region, its customers those managed by the agent's account subtree, its
 * orders those of its customers. Operators (root/admin everything, others their subtree). Paths /api/Branches/*.
 */
export const branchRegion = z.object({
  province: z.string().trim().min(1).max(30),
  /** '' means the whole province. */
  city: z.string().trim().max(30).default(''),
});
export type BranchRegion = z.infer<typeof branchRegion>;

export const branchDto = z.object({
  id: z.string(),
  name: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  regions: z.array(z.object({ province: z.string(), city: z.string() })),
  robotCount: z.number().int(),
  customerCount: z.number().int(),
  orderCount: z.number().int(),
  createtime: z.number().int(),
});
export type BranchDto = z.infer<typeof branchDto>;

export const branchQuery = pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  province: z.string().trim().max(30).optional(),
});
export const branchPage = pageEnvelope(branchDto);
/** POST /api/Branches/export: the regional accounts list as an xlsx, same filters (progress: /api/Sales/exportState). */
export const branchExportBody = branchQuery.omit({ start: true, limit: true });
export const branchResponse = okEnvelope(branchDto);

/** POST /api/Branches: name 2-15, the agent account (an operator in scope, one branch each), regions >= 1. */
export const branchCreateBody = z.object({
  name: z.string().trim().min(2, 'NAME_LENGTH').max(15, 'NAME_LENGTH'),
  accountId: idSchema,
  regions: z.array(branchRegion).min(1, 'BRANCH_REGION_REQUIRED').max(100),
});
export const branchUpdateBody = updateOf(branchCreateBody).extend({ id: idSchema });

/** GET /api/Branches/robots | customers | orders: the branch's lists, paged. */
export const branchListQuery = pageQuery.extend({ id: idSchema });
export const branchRobotDto = z.object({
  robotId: z.string(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  salesType: z.string(),
  price: z.number().nullable(),
});
export const branchRobotPage = pageEnvelope(branchRobotDto);
export const branchCustomerDto = z.object({ id: z.string(), name: z.string(), province: z.string(), city: z.string() });
export const branchCustomerPage = pageEnvelope(branchCustomerDto);
