import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shootRecords } from './shooting.table';

/** Stores a record's photo check (photo-check.ts). */
export async function setPhotoMatch(db: DbOrTx, id: string, matchDistance: number, needsReview: boolean) {
  await db.update(shootRecords).set({ matchDistance, needsReview }).where(eq(shootRecords.id, id));
}
