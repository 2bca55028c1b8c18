import type { FormInstance } from 'antd';
import { showFormFailure } from '../../../lib/form-errors';

/**
 * Runs a form's save call: a refusal naming a field shows under that field, any other as a toast
 * (lib/form-errors). Returns true when saved; never rejects.
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
    showFormFailure(form, err, showError);
    return false;
  }
}
