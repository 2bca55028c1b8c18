import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** The rows of a raw statement, on PostgreSQL (a result with `rows`) and PGlite alike. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** A column of `unnestInsert` and its value in a row (a timestamp as an ISO string, JSON as text). */
export type UnnestColumn<R> = readonly [column: PgColumn, value: (row: R) => unknown];

/**
 * `insert into table (columns) select * from unnest($1::type[], ...) <tail>`: one array parameter per
 * column, so the statement's text and parameter count do not depend on the number of rows. A multi-row
 * VALUES built by the query builder costs the event loop a few microseconds per value (a 100-row batch of
 * 20 columns has 2,000); this costs one parameter per column. Both drivers serialize the arrays.
 */
export function unnestInsert<R>(
  table: PgTable,
  columns: readonly UnnestColumn<R>[],
  rows: readonly R[],
  tail = '',
): SQL {
  const names = columns.map(([c]) => `"${c.name}"`).join(', ');
  const chunks: SQL[] = [sql.raw(`insert into "${getTableName(table)}" (${names}) select * from unnest(`)];
  columns.forEach(([column, value], i) => {
    chunks.push(
      sql`${sql.raw(i === 0 ? '' : ', ')}${sql.param(rows.map(value))}${sql.raw(`::${column.getSQLType()}[]`)}`,
    );
  });
  chunks.push(sql.raw(`)${tail ? ` ${tail}` : ''}`));
  return sql.join(chunks);
}
