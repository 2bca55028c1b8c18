import { z } from 'zod';
import { okEnvelope } from '../common/envelope';
import { FLAG_REASONS } from '../play-events/play-events.rules';
import { planReportQuery, reportOptions } from './statistics.schemas';

/**
 * The proof-of-play report of a plan (docs/statistics.md, "Proof-of-play report"): per robot and local day,
 * the minutes the plan was scheduled on that robot (after its pull), the verified plays and the flagged
 * ones by reason; with totals and the verified share (Broadsign's audited %).
 */
export const proofOfPlayQuery = planReportQuery;

/** The plan id arrives as playlistId, playListId, playlistid or id (as in every plan report). */
const planIdOf = (v: unknown) => {
  if (v && typeof v === 'object' && !('playlistId' in v)) {
    const o = v as Record<string, unknown>;
    const alt = o.playListId ?? o.playlistid ?? o.id;
    if (alt !== undefined) return { ...o, playlistId: alt };
  }
  return v;
};

/** `GET /api/Statis/proofOfPlayExport`: the same report as a file (xlsx, or the PDF certificate). */
export const proofOfPlayExportQuery = z.preprocess(
  planIdOf,
  reportOptions.extend({
    playlistId: z
      .string({ message: 'PLAYLIST_ID_NOT_EXIST' })
      .trim()
      .regex(/^[0-9a-f]{12}([0-9a-f]{12})?$/, 'PLAYLIST_ID_NOT_EXIST'),
    format: z.enum(['xlsx', 'pdf']).default('xlsx'),
    language: z.enum(['zh', 'en']).optional(),
  }),
);
export type ProofOfPlayExportQuery = z.infer<typeof proofOfPlayExportQuery>;

const reasonCounts = z.partialRecord(z.enum(FLAG_REASONS), z.number().int());

export const proofOfPlayRow = z.object({
  robotId: z.string(),
  robotName: z.string(),
  /** Local day of the report's zone, YYYY-MM-DD. */
  day: z.string(),
  scheduledMinutes: z.number().int(),
  /**
   * The plays the reference player's engine gives the plan on the robot that day, with every plan the
   * robot holds, from a fresh state at the start of the day; today up to now (docs/statistics.md,
   * "Scheduled plays").
   */
  scheduledPlays: z.number().int(),
  verified: z.number().int(),
  flagged: z.number().int(),
  /** verified / scheduledPlays x 100, two decimals (above 100: over-delivery); null without scheduled plays. */
  deliveredPercent: z.number().nullable(),
  reasons: reasonCounts,
});
export type ProofOfPlayRow = z.infer<typeof proofOfPlayRow>;

export const proofOfPlayReport = z.object({
  playlistId: z.string(),
  planName: z.string(),
  customerName: z.string(),
  /**
   * Set on an order's report (`GET /api/Orders/proofOfPlay`): the order it covers and what it contracted,
   * present even before any robot pulled the plan: its screens, screen-days contracted, due so far and
   * delivered (docs/sales.md, "Delivery in screen-days"), and the order's screens that have not pulled the
   * plan yet (robot IDs).
   */
  order: z
    .object({
      id: z.string(),
      orderNo: z.string(),
      name: z.string(),
      screens: z.number().int(),
      contractedScreenDays: z.number().int(),
      dueScreenDays: z.number().int(),
      deliveredScreenDays: z.number().int(),
      notPulled: z.array(z.string()),
    })
    .optional(),
  timeZone: z.string(),
  begin: z.number().int(),
  end: z.number().int(),
  /** Set when the range runs past now: every figure counts up to this instant (unix seconds), a partial day. */
  countedTo: z.number().int().optional(),
  rows: z.array(proofOfPlayRow),
  total: z.object({
    robots: z.number().int(),
    /** Robot-days on which the plan was scheduled (after the robot's pull). */
    scheduledDays: z.number().int(),
    /** Of those, the robot-days with at least one verified play. */
    deliveredDays: z.number().int(),
    scheduledPlays: z.number().int(),
    /** Every verified play against every scheduled play, x 100, two decimals; null without scheduled plays. */
    deliveredPercent: z.number().nullable(),
    verified: z.number().int(),
    flagged: z.number().int(),
    /** verified / (verified + flagged) x 100, two decimals; null without plays. */
    verifiedShare: z.number().nullable(),
    reasons: reasonCounts,
  }),
});
export type ProofOfPlayReport = z.infer<typeof proofOfPlayReport>;
export const proofOfPlayResponse = okEnvelope(proofOfPlayReport);
