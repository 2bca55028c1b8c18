import type { FormInstance } from 'antd';
import { showFormFailure } from '../../../lib/form-errors';

/**
 * Where a failed save is shown (lib/form-errors): on the form field the server names, else returned for a
 * toast. A client-side rule failure, or a message the API client already showed, returns null.
 */
export function saveErrorText(form: FormInstance, error: unknown, fallback: string): string | null {
  let text: string | null = null;
  showFormFailure(
    form,
    error,
    (t) => {
      text = t;
    },
    fallback,
  );
  return text;
}
