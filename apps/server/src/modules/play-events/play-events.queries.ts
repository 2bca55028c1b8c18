import { and, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playRollups } from './play-events.table';

/**
 * Narrow reads of the quarter-hour rollups for the statistics module (play-events owns the table).
 * Every figure is a sum over rollup rows, never over raw events.
 */

export interface RollupSelection {
  /** These plans; null: every plan. */
  playlistIds: readonly string[] | null;
  /** [from, to) */
  from: Date;
  to: Date;
  adIds?: readonly string[];
  /** Only these robots; undefined: any robot. */
  robotRefs?: readonly string[];
  /** Robot ref -> audience multiplier, for the robots whose multiplier is not 1. */
  multipliers?: ReadonlyMap<string, number>;
}

export type BucketUnit = 'hour' | 'day' | 'week' | 'month';
export type RollupGrouping = 'total' | 'ad' | 'robot' | { unit: BucketUnit; timeZone: string };

export interface RollupSum {
  /** The group: '' (total), the ad id, the robot ref, or the local bucket start `YYYY-MM-DDTHH:MI`. */
  key: string;
  plays: number;
  watchMs: number;
  exposure: number;
  exposureSense: number;
  sensedPlays: number;
  viewers: number;
  dwellMs: number;
  scans: number;
  child: number;
  youth: number;
  adult: number;
  middle: number;
  senior: number;
  male: number;
  female: number;
}

const ZONE = /^(UTC|[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+){1,2})$/;
const UNITS: readonly BucketUnit[] = ['hour', 'day', 'week', 'month'];

function keyOf(group: RollupGrouping): SQL {
  if (group === 'total') return sql`''`;
  if (group === 'ad') return sql`${playRollups.adId}`;
  if (group === 'robot') return sql`${playRollups.robotRef}`;
  // Both are checked, then written into the statement: GROUP BY must see the very same expression.
  if (!UNITS.includes(group.unit) || !ZONE.test(group.timeZone)) throw new Error('invalid bucket');
  const local = sql.raw(`"play_rollups"."hour" at time zone '${group.timeZone}'`);
  return sql`to_char(date_trunc(${sql.raw(`'${group.unit}'`)}, ${local}), 'YYYY-MM-DD"T"HH24:MI')`;
}

const total = (column: SQL) => sql<string>`coalesce(sum(${column}), 0)::bigint`;

/** Sums of the selected rollup rows, one row per group (groups without rows are absent). */
export async function sumRollups(db: DbOrTx, sel: RollupSelection, group: RollupGrouping): Promise<RollupSum[]> {
  if (sel.playlistIds?.length === 0 || sel.robotRefs?.length === 0 || sel.adIds?.length === 0) return [];
  const multipliers = JSON.stringify(Object.fromEntries(sel.multipliers ?? new Map()));
  const r = playRollups;
  const key = keyOf(group);
  const rows = await db
    .select({
      key: sql<string>`${key}`,
      plays: total(sql`${r.plays}`),
      watchMs: total(sql`${r.watchMs}`),
      exposure: sql<string>`coalesce(round(sum(${r.exposureSense} + (${r.plays} - ${r.sensedPlays})
        * coalesce((${multipliers}::jsonb ->> ${r.robotRef})::float8, 1))), 0)::bigint`,
      exposureSense: total(sql`${r.exposureSense}`),
      sensedPlays: total(sql`${r.sensedPlays}`),
      viewers: total(sql`${r.viewers}`),
      dwellMs: total(sql`${r.dwellMs}`),
      scans: total(sql`${r.scans}`),
      child: total(sql`${r.ageChild}`),
      youth: total(sql`${r.ageYouth}`),
      adult: total(sql`${r.ageAdult}`),
      middle: total(sql`${r.ageMiddle}`),
      senior: total(sql`${r.ageSenior}`),
      male: total(sql`${r.male}`),
      female: total(sql`${r.female}`),
    })
    .from(r)
    .where(
      and(
        sel.playlistIds ? inArray(r.playlistId, [...sel.playlistIds]) : undefined,
        gte(r.quarter, sel.from),
        lt(r.quarter, sel.to),
        sel.adIds ? inArray(r.adId, [...sel.adIds]) : undefined,
        sel.robotRefs ? inArray(r.robotRef, [...sel.robotRefs]) : undefined,
      ),
    )
    .groupBy(sql`1`);
  return rows.map((row) => {
    const out: Record<string, number | string> = { key: String(row.key) };
    for (const [k, v] of Object.entries(row)) if (k !== 'key') out[k] = Number(v);
    return out as unknown as RollupSum;
  });
}
