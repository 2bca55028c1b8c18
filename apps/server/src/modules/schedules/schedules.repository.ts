import { gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adResources, advertisements } from '../ads/ads.table';
import { deviceTokens, robots } from '../devices/devices.table';
import { playlistAds, playlists } from '../playlists/playlists.table';
import { publishRecords } from '../publishing/publishing.table';
import { resources } from '../resources/resources.table';

/** The screen layout (template and pixel size) of each robot, read-only. */
export async function robotScreens(db: DbOrTx, robotRefs: string[]) {
  const out = new Map<string, { template: number; screenRatio: string }>();
  if (robotRefs.length === 0) return out;
  const rows = await db
    .select({ id: robots.id, template: robots.template, screenRatio: robots.screenRatio })
    .from(robots)
    .where(inArray(robots.id, robotRefs));
  for (const r of rows) out.set(r.id, { template: r.template, screenRatio: r.screenRatio });
  return out;
}

/** Hashes of device tokens revoked after `since` (a re-activation revokes the robot's earlier tokens). */
export async function revokedTokensSince(db: DbOrTx, since: Date): Promise<string[]> {
  const rows = await db
    .select({ hash: deviceTokens.tokenHash })
    .from(deviceTokens)
    .where(gt(deviceTokens.revokedAt, since));
  return rows.map((r) => r.hash);
}

const LIVE = sql`('notIssued', 'issued', 'pulled')`;

/**
 * Robots whose schedule may have changed after `since`, with the latest change time of each: a plan
 * published to it or withdrawn from it, an edit of one of its plans (pauses, deletion), of an ad of
 * those plans or of a material of those ads, or of the robot's own screen settings.
 */
export async function changedRobotsSince(db: DbOrTx, since: Date): Promise<{ robotRef: string; at: Date }[]> {
  const result = await db.execute<{ robot_ref: string; at: string | Date }>(sql`
    select robot_ref, max(at) as at from (
      select ${publishRecords.robotRef} as robot_ref, greatest(${publishRecords.createdAt}, ${publishRecords.cancelledAt}) as at
        from ${publishRecords}
        where ${publishRecords.createdAt} > ${since} or ${publishRecords.cancelledAt} > ${since}
      union all
      select pr.robot_ref, p.updated_at
        from ${playlists} p join ${publishRecords} pr on pr.playlist_id = p.id
        where p.updated_at > ${since} and pr.state in ${LIVE}
      union all
      select pr.robot_ref, a.updated_at
        from ${advertisements} a
        join ${playlistAds} pa on pa.ad_id = a.id
        join ${publishRecords} pr on pr.playlist_id = pa.playlist_id
        where a.updated_at > ${since} and pr.state in ${LIVE}
      union all
      select pr.robot_ref, r.updated_at
        from ${resources} r
        join ${adResources} ar on ar.resource_id = r.id
        join ${playlistAds} pa on pa.ad_id = ar.ad_id
        join ${publishRecords} pr on pr.playlist_id = pa.playlist_id
        where r.updated_at > ${since} and pr.state in ${LIVE}
      union all
      select ${robots.id}, ${robots.updatedAt} from ${robots} where ${robots.updatedAt} > ${since}
    ) changes
    group by robot_ref`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    robot_ref: string;
    at: string | Date;
  }[];
  return rows.map((r) => ({ robotRef: r.robot_ref, at: new Date(r.at) }));
}
