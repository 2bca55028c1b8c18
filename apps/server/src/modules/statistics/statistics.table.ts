import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { exportJobColumns } from '../../platform/exports';

/** Background exports of a plan's statistics (exportStatisByPlaylistId), polled by queryExcelProgress. */
export const statisticsExports = pgTable(
  'statistics_exports',
  {
    ...exportJobColumns(),
    playlistId: text('playlist_id').notNull(),
    language: text('language').notNull().default('zh'),
    /** The report's query (range, zone, filters), so the job reads what was asked. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('statistics_exports_created_idx').on(t.createdAt)],
);
