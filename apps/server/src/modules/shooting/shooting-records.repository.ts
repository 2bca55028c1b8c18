import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type RequirementScope, requirementsInScope } from './shooting.repository';
import { shootRecords, shootRequirements } from './shooting.table';

/** What the records list filters on; `robotRefs` are the robots matching its robot filters, when any. */
export interface RecordFilter {
  /** The plans of the caller's requirements (shooting.service's requirementScope); null: all. */
  scope: RequirementScope;
  requirementId?: string;
  name?: string;
  planId?: string;
  /** takenAt in [begin, end) (unix seconds). */
  begin?: number;
  end?: number;
  robotRefs?: string[];
}

function recordConditions(f: RecordFilter) {
  const conds: (SQL | undefined)[] = [requirementsInScope(f.scope)];
  if (f.requirementId) conds.push(eq(shootRecords.requirementId, f.requirementId));
  if (f.name) conds.push(ilike(shootRequirements.name, containsLike(f.name)));
  if (f.planId) conds.push(ilike(shootRequirements.playlistId, containsLike(f.planId.toLowerCase())));
  if (f.begin !== undefined) conds.push(gte(shootRecords.takenAt, new Date(f.begin * 1000)));
  if (f.end !== undefined) conds.push(lt(shootRecords.takenAt, new Date(f.end * 1000)));
  if (f.robotRefs) conds.push(f.robotRefs.length === 0 ? sql`false` : inArray(shootRecords.robotRef, f.robotRefs));
  return and(...conds);
}

function recordSelect(db: DbOrTx) {
  return db
    .select({ record: shootRecords, req: shootRequirements })
    .from(shootRecords)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootRecords.requirementId));
}

export type RecordRow = Awaited<ReturnType<typeof findRecordRows>>['rows'][number];

/** The records that match, newest first (a page when `limit` is given), and how many match. */
export async function findRecordRows(db: DbOrTx, f: RecordFilter, page: { start?: number; limit?: number }) {
  const where = recordConditions(f);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shootRecords)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootRecords.requirementId))
    .where(where);
  const base = recordSelect(db).where(where).orderBy(desc(shootRecords.takenAt), desc(shootRecords.id));
  const rows = page.limit === undefined ? await base : await base.limit(page.limit).offset(page.start ?? 0);
  return { total: Number(count?.n ?? 0), rows };
}

/** One record with its requirement, when the scope shows it. */
export async function findScopedRecord(db: DbOrTx, scope: RequirementScope, id: string) {
  const [row] = await recordSelect(db)
    .where(and(eq(shootRecords.id, id), requirementsInScope(scope)))
    .limit(1);
  return row ?? null;
}
