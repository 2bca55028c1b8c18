import { z } from 'zod';
import { pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';

/**
 * Screens and prices (/screenPriceManage, /screenManagement/index): the weekly price in yuan per robot
 * (POST /api/Devices/setPrice, robots listed) or per group of robots (the same call with `groupId`: the
 * price is set on every robot of the ad group). Prices are stored in fen; every change is kept.
 */
export { type SetPriceBody, setPriceBody } from '../devices/devices.schemas';

export const priceChangeDto = z.object({
  id: z.string(),
  robotId: z.string(),
  /** Yuan per week before the change (null: none set). */
  oldPrice: z.number().nullable(),
  newPrice: z.number().nullable(),
  /** The group through which the price was set, '' when set per robot. */
  groupId: z.string(),
  changedBy: z.string(),
  changedByName: z.string(),
  time: z.number().int(),
});
export type PriceChangeDto = z.infer<typeof priceChangeDto>;

/** GET /api/Devices/priceHistory: newest first; robots in the caller's scope. */
export const priceHistoryQuery = pageQuery.extend({
  robotId: z.string().trim().max(64).optional(),
  groupId: idSchema.optional(),
});
export const priceHistoryPage = pageEnvelope(priceChangeDto);
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuery>;
