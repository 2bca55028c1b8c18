import { messageFor } from '@robot-ads/contracts/common/errors';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { showFormFailure } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';

/**
 * A failed save (lib/form-errors): the server's message (already in the user's language) on the field it
 * names when the form has that field, else as a toast. Returns nothing; the dialog stays open for a correction.
 */
export function showSaveError(
  form: FormInstance,
  error: unknown,
  toast: (text: string) => void,
  fallback: string,
): void {
  showFormFailure(form, error, toast, fallback);
}

type Issue = { path: (string | number)[]; code: string };

/**
 * A form rule from a shared contract check that looks at the whole form (`issues` of the current values):
 * the field at `path` fails with the first issue naming it, in the user's language.
 */
export function issueRule(issues: () => Issue[], path: (string | number)[]): RuleObject {
  const key = path.join('.');
  return {
    validator: async () => {
      const found = issues().find((i) => i.path.join('.') === key);
      if (found) throw new Error(messageFor(found.code, lang()));
    },
  };
}
