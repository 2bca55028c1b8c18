import { z } from 'zod';
import { okEnvelope } from '../common/envelope';

/** One item of the user's menus as GET /api/blade-system/menu/routes returns it. */
export interface MenuItem {
  id: string;
  /** Display name in the caller's language. */
  name: string;
  path: string;
  icon: string;
  /** Query the menu link carries (e.g. detailId=), or ''. */
  query: string;
  /** `label`: the name in both languages when edited in menu management (it then wins over the i18n key). */
  meta: { i18n: string; hidden: boolean; keepAlive: boolean; label?: { zh: string; en: string } };
  children: MenuItem[];
}

export const menuItem = z
  .object({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    icon: z.string(),
    query: z.string(),
    meta: z.object({
      i18n: z.string(),
      hidden: z.boolean(),
      keepAlive: z.boolean(),
      label: z.object({ zh: z.string(), en: z.string() }).optional(),
    }),
    get children(): z.ZodArray<typeof menuItem> {
      return z.array(menuItem);
    },
  })
  .meta({ id: 'MenuItem' });

export const menuRoutesResponse = okEnvelope(z.array(menuItem));
export const menuButtonsResponse = okEnvelope(z.array(z.string()));
