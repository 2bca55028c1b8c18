import { z } from 'zod';
import { okEnvelope } from '../common/envelope';

/** The release (the root package.json's version; a unit test keeps them equal). */
export const PACKAGE_VERSION = '1.53.0';

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime: z.number().describe('seconds since the server started'),
  database: z.object({ status: z.enum(['ok', 'down']), kind: z.enum(['pglite', 'postgres']) }),
  jobs: z.object({ status: z.enum(['ok', 'starting', 'off']) }),
  demo: z
    .enum(['off', 'loading', 'ready'])
    .describe(
      'the demo data (SEED_DEMO): loading while a first start loads it after the server listens (sign-ins wait for it), then ready',
    ),
  watchdog: z
    .object({
      database: z.enum(['ok', 'unresponsive']),
      lastAnswerSeconds: z.number().int().describe('seconds since the database last answered a background ping'),
    })
    .describe('the background database ping: unresponsive (and the answer 503) after DB_WATCHDOG_SECONDS of silence'),
  time: z.number().describe('server time, unix seconds'),
});
export type HealthData = z.infer<typeof healthData>;
export const healthResponse = okEnvelope(healthData);
