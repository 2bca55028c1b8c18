import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-client';

/**
 * A failed save: the server's message (already in the user's language) on the field it names when the
 * form has that field, else as a toast. Returns nothing; the dialog stays open for a correction.
 */
export function showSaveError(
  form: FormInstance,
  error: unknown,
  toast: (text: string) => void,
  fallback: string,
): void {
  if (error instanceof ApiError) {
    const name = error.field;
    if (name && form.getFieldInstance(name) !== undefined) {
      form.setFields([{ name, errors: [error.message] }]);
      return;
    }
    toast(error.message);
    return;
  }
  if (error && typeof error === 'object' && 'errorFields' in error) return; // a client-side rule already shows
  toast(fallback);
}
