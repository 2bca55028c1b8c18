import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { resources } from './resources.table';

/*
 * For other modules: what they read of the materials without their table.
 */

/**
 * Materials changed after `since` as rows `(resource_id, at)`: the bottom of the schedule change feed
 * (ads add the ads they are in, plans the plans, publishing the robots).
 */
export function resourcesChangedSince(since: Date): SQL {
  return sql`select ${resources.id} as resource_id, ${resources.updatedAt} as at from ${resources} where ${resources.updatedAt} > ${since}`;
}

/** An owner's materials by `name.kind` (the demo ads are built from the demo materials so). */
export async function materialIdsOf(db: DbOrTx, ownerId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: resources.id, name: resources.name, kind: resources.kind })
    .from(resources)
    .where(eq(resources.ownerId, ownerId));
  return new Map(rows.map((r) => [`${r.name}.${r.kind}`, r.id]));
}

/** A material's file (media id) and kind, with a video's poster frame key. For the shooting photo check. */
export async function materialStillSource(
  db: DbOrTx,
  id: string,
): Promise<{ kind: string; mediaId: string; posterKey: string | null } | null> {
  const [row] = await db
    .select({ kind: resources.kind, mediaId: resources.mediaId, posterKey: resources.posterKey })
    .from(resources)
    .where(eq(resources.id, id));
  return row ?? null;
}
