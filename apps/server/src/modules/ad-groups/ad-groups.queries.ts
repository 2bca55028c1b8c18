import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adGroupRobots } from './ad-groups.table';

/** The robots (robots.id) of a group, as a subquery for the device export. */
export function groupMemberRefs(db: DbOrTx, groupId: string) {
  return db.select({ id: adGroupRobots.robotRef }).from(adGroupRobots).where(eq(adGroupRobots.groupId, groupId));
}
