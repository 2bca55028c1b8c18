import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-client';

/**
 * Where a failed save is shown: on the form field the server names (its message is already in the
 * user's language), else returned for a toast. A client-side rule failure returns null (the form shows it).
 */
export function saveErrorText(form: FormInstance, error: unknown, fallback: string): string | null {
  if (error && typeof error === 'object' && 'errorFields' in error) return null;
  if (!(error instanceof ApiError)) return fallback;
  if (error.field && form.getFieldInstance(error.field) !== undefined) {
    form.setFields([{ name: error.field, errors: [error.message] }]);
    return null;
  }
  return error.message;
}
