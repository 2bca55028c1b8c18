import type { ResourcesService } from './resources.service';

declare module '../../platform/context' {
  interface AppContext {
    /** Materials. */
    resources: ResourcesService;
  }
}
