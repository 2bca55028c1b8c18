import type { DbOrTx } from '../../db/client';
import type { Presence } from './presence';

/** Used ad slots per robot (keyed by robots.id): the publishing module's held slots, passed by buildApp. */
export type UsedSlotsLookup = (db: DbOrTx, robotRefs: string[]) => Promise<Map<string, number>>;

/** The device tokens already checked (the device-protocol module's cache); revocations evict them. */
export interface DeviceTokenStore {
  /** A token checked before, answered without a promise; undefined when it must be resolved. */
  get(hash: string): { robotRef: string; robotId: string } | undefined;
  resolve(hash: string): Promise<{ robotRef: string; robotId: string } | null>;
  evict(hashes: Iterable<string>): void;
}

declare module '../../platform/context' {
  interface AppContext {
    /** Who is online: heartbeats and device sockets in memory (Redis with REDIS_URL), flushed in batches. */
    presence: Presence;
    deviceTokens: DeviceTokenStore;
    usedSlots: UsedSlotsLookup;
  }
}
