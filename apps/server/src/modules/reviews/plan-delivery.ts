import type { PlanDeliveryFacts } from '../playlists/playlists.context';
import { countsByPlan, everPublished, recordCount } from '../publishing/publishing.queries';
import { pendingApplication, pendingPlans, planReachesProperty, withdrawPendingApplications } from './reviews.queries';

/**
 * The plans' view of their delivery (publish records and applications), passed to playlists by
 * buildApp. It sits here because reviews is the lowest module that sees both.
 */
export const planDeliveryFacts: PlanDeliveryFacts = {
  countsByPlan,
  pendingPlans,
  recordCount,
  everPublished,
  pendingApplication,
  reachesProperty: planReachesProperty,
  withdrawPendingApplications,
};
