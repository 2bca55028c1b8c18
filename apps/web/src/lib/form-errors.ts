import type { FormInstance } from 'antd';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The one place where a refused call meets a form: a refusal that names a field of the form shows under
 * that field, any other as one toast in the user's language, and a rule that failed in the browser is left
 * to the form (it already shows under its field). Nothing here rejects: a form's Save never leaves an
 * unhandled promise behind.
 */

/** antd's `validateFields()` rejection: `{ errorFields, values, outOfDate }` (a plain object, not an Error). */
export function isValidationFailure(error: unknown): error is { errorFields: { name: (string | number)[] }[] } {
  return Boolean(error && typeof error === 'object' && 'errorFields' in error);
}

/** The text a person reads for a failure: the API's message (already in the user's language), else `fallback`. */
export function failureText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback ?? i18n.t('common:errors.failed');
}

/**
 * Shows a failure: on the form field the server names when the form has it, else as a toast (unless the API
 * client already showed it). Returns how it was shown.
 */
export function showFormFailure(
  form: FormInstance | null,
  error: unknown,
  toast: (text: string) => void,
  fallback?: string,
): 'form' | 'field' | 'toast' | 'shown' {
  if (isValidationFailure(error)) return 'form';
  if (error instanceof ApiError && error.field && form) {
    const name = error.field.split('.');
    if (form.getFieldInstance(name.length > 1 ? name : error.field) !== undefined) {
      form.setFields([{ name: name.length > 1 ? name : error.field, errors: [error.message] }]);
      return 'field';
    }
  }
  if (error instanceof ApiError && error.shown) return 'shown';
  toast(failureText(error, fallback));
  return 'toast';
}

/**
 * A form's submit: validates, runs `save` with the values and shows any failure (see showFormFailure).
 * Resolves true when saved, false otherwise; never rejects. `save` may return false to say "not saved"
 * (it has shown why itself).
 */
export async function submitForm<V>(
  form: FormInstance<V>,
  toast: (text: string) => void,
  save: (values: V) => Promise<unknown>,
  fallback?: string,
): Promise<boolean> {
  try {
    const values = await form.validateFields();
    return (await save(values)) !== false;
  } catch (error) {
    showFormFailure(form as FormInstance, error, toast, fallback);
    return false;
  }
}

/** A short, readable account of anything thrown: code, message and the failed call (for the error log). */
export function describeFailure(error: unknown): { message: string; stack: string } {
  if (error instanceof ApiError) {
    return {
      message: `${error.code}: ${error.message}${error.call ? ` (${error.call}${error.status ? ` ${error.status}` : ''})` : ''}`,
      stack: error.stack ?? '',
    };
  }
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (isValidationFailure(error)) {
    const fields = error.errorFields.map((f) => f.name.join('.')).join(', ');
    return { message: `form validation failed: ${fields}`, stack: '' };
  }
  if (error && typeof error === 'object') {
    const o = error as Record<string, unknown>;
    const code = typeof o.code === 'string' || typeof o.code === 'number' ? String(o.code) : '';
    const text = typeof o.message === 'string' ? o.message : typeof o.msg === 'string' ? o.msg : '';
    if (code || text) return { message: [code, text].filter(Boolean).join(': '), stack: '' };
    try {
      return { message: JSON.stringify(error).slice(0, 500), stack: '' };
    } catch {
      return { message: Object.prototype.toString.call(error), stack: '' };
    }
  }
  return { message: String(error), stack: '' };
}

/** The form's values when every rule passes, else null (the form shows the failed rules under their fields). */
export async function validValues<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (isValidationFailure(error)) return null;
    throw error;
  }
}
