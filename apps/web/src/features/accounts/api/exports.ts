import type { exportStartSchema } from '@robot-ads/contracts/devices/devices.schemas';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { lang } from '../../../lib/i18n';

/** The lists of this feature with an xlsx export (their filters as the list's). */
export type ListExportPath =
  | '/api/Users/export'
  | '/api/AdvertiserUsers/export'
  | '/api/Proprietors/export'
  | '/api/Customers/export';
/** Where every one of those exports reports its progress. */
export const LIST_EXPORT_STATE_PATH = '/api/Users/queryExportState';

/** Starts the export of a list with its applied filters, in the user's language and the browser's zone. */
export function startListExport(path: ListExportPath, filters: object) {
  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return api.post<{ success: true; data: z.infer<typeof exportStartSchema> }>(path, {
    ...applied,
    language: lang(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}
