import { z } from 'zod';
import { okEnvelope } from '../common/envelope';

export const PACKAGE_VERSION = '1.52.0';

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime: z.number().describe('seconds since the server started'),
  database: z.object({ status: z.enum(['ok', 'down']), kind: z.enum(['pglite', 'postgres']) }),
  jobs: z.object({ status: z.enum(['ok', 'off']) }),
  time: z.number().describe('server time, unix seconds'),
});
export type HealthData = z.infer<typeof healthData>;
export const healthResponse = okEnvelope(healthData);
