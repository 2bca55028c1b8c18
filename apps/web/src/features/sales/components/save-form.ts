import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-client';

/**
 * Runs a form's save call: a refusal naming a field shows under that field, any other as a toast.
 * Returns true when saved.
 */
export async function saveForm(
  form: FormInstance,
  showError: (text: string) => void,
  call: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as never, errors: [err.message] }]);
    else showError((err as Error).message);
    return false;
  }
}
