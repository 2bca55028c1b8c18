import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { ParamsService } from '../admin/params.service';
import type { DeviceTokenCache } from './device-tokens';
import type { Presence } from './presence';

/** Used ad slots per robot (keyed by robots.id): the publishing module's held slots, passed by buildApp. */
export type UsedSlotsLookup = (db: DbOrTx, robotRefs: string[]) => Promise<Map<string, number>>;

/**
 * What the devices functions are given: the platform plus the services they use, each typed by its
 * implementation. buildApp (app.ts) builds it once and passes it to the devices routes.
 */
export interface DevicesContext extends AppContext {
  /** Who is online: heartbeats and device sockets in memory (Redis with REDIS_URL), flushed in batches. */
  presence: Presence;
  /** The device tokens already checked; a revocation evicts them. */
  deviceTokens: DeviceTokenCache;
  /** System parameters (the default weekly price). */
  params: ParamsService;
  /**
   * The slots a robot holds. Publishing sits above devices, so devices declares the shape and buildApp
   * passes publishing's `heldSlotsLookup` (publishing/publishing.device-side.ts).
   */
  usedSlots: UsedSlotsLookup;
}
