import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliverableCondition } from './devices.repository';
import { robots } from './devices.table';

/** Deliverable robots with an end date after `now`, by device ID (the demo ad groups pick from them). */
export async function deliverableRobotsWithEndDate(db: DbOrTx, now: Date) {
  return db
    .select({ id: robots.id, city: robots.city, type: robots.type })
    .from(robots)
    .where(and(deliverableCondition(now), isNotNull(robots.expireAt), sql`${robots.expireAt} > ${now}`))
    .orderBy(asc(robots.robotId));
}
