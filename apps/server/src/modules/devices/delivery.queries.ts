import { type SQL, sql } from 'drizzle-orm';
import { robots } from './devices.table';

/*
 * For the delivery modules (playlists, publishing, audits): the robots they deliver to, where they
 * stand, and conditions over them for list filters evaluated in SQL.
 */

/** Subquery: the refs (robots.id) of the robots standing in a property. */
export function robotRefsOfProject(projectId: string): SQL {
  return sql`select ${robots.id} from ${robots} where ${robots.projectId} = ${projectId}`;
}
