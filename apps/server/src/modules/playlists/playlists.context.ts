import type { AnyColumn, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { ParamsService } from '../admin/params.service';
import type { AdsService } from '../ads/ads.service';
import type { NotificationsService } from '../notifications/notifications.service';

/** A plan's publish records by state (the publishing module's counts). */
export interface PlanRecordCounts {
  notIssued: number;
  issued: number;
  pulled: number;
  failed: number;
  cancelled: number;
}

export const emptyPlanCounts = (): PlanRecordCounts => ({
  notIssued: 0,
  issued: 0,
  pulled: 0,
  failed: 0,
  cancelled: 0,
});

/**
 * What plans need to know about their delivery, owned by the modules above them (publishing: the
 * records; reviews: the applications). playlists declares it, buildApp passes the implementation
 * (`planDeliveryFacts`, reviews/plan-delivery.ts), so playlists imports neither module. The `SQL` members are
 * conditions correlated on the plan id column they are given (list filters evaluated in SQL).
 */
export interface PlanDeliveryFacts {
  /** Records by state for each plan. */
  countsByPlan(db: DbOrTx, playlistIds: string[]): Promise<Map<string, PlanRecordCounts>>;
  /** Of these plans, those with a delivery application waiting for review. */
  pendingPlans(db: DbOrTx, playlistIds: string[]): Promise<Set<string>>;
  /** Number of the plan's records in one state, or in the live states when `state` is absent. */
  recordCount(planId: AnyColumn, state?: string): SQL;
  /** The plan has a record of any state (it was ever published). */
  everPublished(planId: AnyColumn): SQL;
  /** The plan has a delivery application waiting for review. */
  pendingApplication(planId: AnyColumn): SQL;
  /** The plan is published to, or applied for, a device of this property. */
  reachesProperty(planId: AnyColumn, projectId: string): SQL;
  /** Withdraws the plan's pending applications (the plan is deleted). */
  withdrawPendingApplications(db: DbOrTx, playlistId: string, now: Date): Promise<void>;
}

/**
 * What the playlists functions are given: the platform plus the services they use, each typed by its
 * implementation (buildApp, app.ts, builds it).
 */
export interface PlaylistsContext extends AppContext {
  /** The plans' ads with their materials (getAdsWithResources). */
  ads: AdsService;
  /** System parameters (the low pull-rate threshold). */
  params: ParamsService;
  /** Notices to a plan's owner (stored, then pushed live). */
  notifications: NotificationsService;
  /**
   * The plans' delivery. Publishing and reviews sit above playlists, so playlists declares the shape and
   * buildApp passes reviews' `planDeliveryFacts` (reviews/plan-delivery.ts).
   */
  planDelivery: PlanDeliveryFacts;
}
