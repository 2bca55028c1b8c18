import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';
import type { PlatformContext } from '../context';
import { Jobs } from '../jobs';
import { AddressPolicy, type HostResolver } from '../outbound/address-policy';
import { OutboundClient } from '../outbound/outbound-client';
import { createStorage } from '../storage/create-storage';
import type { TokenService } from '../tokens';

/**
 * The platform's services, built once for buildApp: the job queue (pg-boss on the database), file
 * storage (STORAGE_DRIVER), access tokens (signed with the secret kept by `secrets`) and the outbound
 * HTTP client (WEBHOOK_ALLOWED_NETWORKS). Every module's service is built with this object.
 */
export function createPlatformContext(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Access tokens (built in buildApp, signed with the secret the system module's settings keep). */
  tokens: TokenService;
  clock?: Clock;
  /** How outbound calls resolve host names (tests inject one; the system's DNS otherwise). */
  resolveHost?: HostResolver;
}): PlatformContext {
  const { config, database, log } = deps;
  const clock = deps.clock ?? systemClock;
  return {
    config,
    database,
    db: database.db,
    clock,
    jobs: new Jobs(database, log, config.DATABASE_URL),
    log,
    startedAt: new Date(),
    demo: { status: 'off' },
    storage: createStorage(config, () => clock.now()),
    tokens: deps.tokens,
    outbound: new OutboundClient(new AddressPolicy(config.WEBHOOK_ALLOWED_NETWORKS, deps.resolveHost)),
  };
}
