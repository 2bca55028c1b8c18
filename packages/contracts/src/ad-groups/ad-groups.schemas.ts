import { z } from 'zod';
import { pageQuery } from '../common/pagination';
import { languageField, nameSchema } from '../devices/devices.schemas';

export const adGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  robotCount: z.number().int(),
  creatorId: z.string().nullable(),
  createtime: z.number().int(),
});
export type AdGroupDto = z.infer<typeof adGroupSchema>;

const robotIds = z.array(z.string().trim().min(1)).max(10000);

/** POST /api/AdvertGroups: name and the accepted robot IDs (from an import or a selection). */
export const createAdGroupBody = z.object({ name: nameSchema, robotIds: robotIds.default([]) });
/** PUT /api/AdvertGroups: rename and/or add or remove robots. */
export const updateAdGroupBody = z.object({
  id: z.string().min(1),
  name: nameSchema.optional(),
  addRobotIds: robotIds.optional(),
  removeRobotIds: robotIds.optional(),
});
export const adGroupListQuery = z.object({ name: z.string().trim().max(50).optional() });
export const adGroupPageQuery = pageQuery.extend({ name: z.string().trim().max(50).optional() });

const robotFilter = {
  robotId: z.string().trim().max(100).optional(),
  name: z.string().trim().max(100).optional(),
  propertyname: z.string().trim().max(100).optional(),
  sceneName: z.string().trim().max(100).optional(),
};
/** GET /api/AdvertGroups/queryRobotlist. */
export const groupRobotQuery = pageQuery.extend({ id: z.string().min(1), ...robotFilter });
/** GET /api/AdvertGroups/exportRobotInfo. */
export const groupExportQuery = z.object({ id: z.string().min(1), ...robotFilter, language: languageField });
