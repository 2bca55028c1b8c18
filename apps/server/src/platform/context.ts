import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Jobs } from './jobs';
import type { OutboundClient } from './outbound/outbound-client';
import type { Realtime } from './realtime';
import type { ObjectStorage } from './storage/storage';
import type { TokenService } from './tokens';

/** The platform's own services: what a module's service is built with (explicit wiring, no globals). */
export interface PlatformContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
  startedAt: Date;
  /**
   * The demo data of this start (SEED_DEMO): `loading` while a first start loads it after the server listens
   * (the health answer says so), `ready` once the database holds it, `off` without a demo.
   */
  demo: { status: 'off' | 'loading' | 'ready' };
  /** Where uploaded files live (local disk or S3-compatible), chosen by STORAGE_DRIVER. */
  storage: ObjectStorage;
  /** Access tokens (sign/verify). */
  tokens: TokenService;
  /** The one HTTP client for addresses users configure (webhooks): no inside address, no redirect. */
  outbound: OutboundClient;
}

/**
 * What routes and function-style services are given: the platform's services plus the module services
 * buildApp (app.ts) constructed. Platform knows no module: each module that contributes a service
 * declares its field beside the service (`declare module '../../platform/context'`), and buildApp
 * assembles the object once, after constructing every service in dependency order.
 */
export interface AppContext extends PlatformContext {
  /**
   * socket.io on the app's server (null when the app has none; `realtime.io` lets a module open its own
   * namespace, e.g. devices). Built after the auth service it resolves sockets' sessions with.
   */
  realtime: Realtime | null;
}
