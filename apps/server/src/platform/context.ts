import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AdsService } from '../modules/ads/ads.service';
import type { AuthService } from '../modules/auth/auth.service';
import type { DeviceTokenCache } from '../modules/device-protocol/device-auth';
import type { Presence } from '../modules/devices/presence';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { ResourcesService } from '../modules/resources/resources.service';
import type { Clock } from './clock';
import type { Jobs } from './jobs';
import type { Realtime } from './realtime';
import type { ObjectStorage } from './storage/storage';
import type { TokenService } from './tokens';

/** What every module's routes and services are given: explicit wiring, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
  startedAt: Date;
  /** Where uploaded files live (local disk or S3-compatible), chosen by STORAGE_DRIVER. */
  storage: ObjectStorage;
  /** Materials (issue 6). */
  resources: ResourcesService;
  /** Advertisements (issue 6): getAdsWithResources(ids) for playlists, addLinkCounter for publishing. */
  ads: AdsService;
  /** Access tokens (sign/verify). */
  tokens: TokenService;
  /** Logins, sessions, password checks. */
  auth: AuthService;
  /** notify(userId, name, data): stores a message and emits it live (`message`). */
  notifications: NotificationsService;
  /**
   * socket.io on the app's server (null until the app is built; `realtime.io` lets a module open
   * its own namespace, e.g. devices).
   */
  realtime: Realtime | null;
  /** Who is online: heartbeats and device sockets in memory (Redis with REDIS_URL), flushed in batches. */
  presence: Presence;
  /** Device tokens already checked (by SHA-256); revocations evict them. */
  deviceTokens: DeviceTokenCache;
}
