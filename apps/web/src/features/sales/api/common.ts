import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { exportStartSchema } from '@robot-ads/contracts/devices/devices.schemas';
import type { z } from 'zod';

export type { Ok, Page };
export type ExportStart = Ok<z.infer<typeof exportStartSchema>>;
/** Progress of every sales export (leads, orders, bills, branches). */
export const SALES_EXPORT_STATE = '/api/Sales/exportState';
/** A list query: the contract's filters (strings from inputs) with the page. */
export type Paged<Q> = Partial<Omit<Q, 'start' | 'limit'>> & { start: number; limit: number };
