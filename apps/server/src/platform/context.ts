import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { Jobs } from './jobs';

/** What every module's routes and services are given: explicit wiring, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
  startedAt: Date;
}
