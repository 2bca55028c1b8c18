import type { AdsService } from './ads.service';

declare module '../../platform/context' {
  interface AppContext {
    /** Advertisements: getAdsWithResources(ids) for playlists and schedules. */
    ads: AdsService;
  }
}
