import { z } from 'zod';

/** Spec section 5 / 9: password length 6-16. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** The fixed set of special characters a password may (and must, at least one) contain. */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~';

const specialClass = PASSWORD_SPECIALS.replace(/[\\\]^-]/g, (c) => `\\${c}`);
const allowed = new RegExp(`^[A-Za-z0-9${specialClass}]+$`);
const hasSpecial = new RegExp(`[${specialClass}]`);

/** True when a (trimmed) new password satisfies the section 5 policy. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    !/\s/.test(value) &&
    allowed.test(value) &&
    /\d/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    hasSpecial.test(value)
  );
}

/** The new password (messages are catalogue codes, translated by server and web). */
export const newPasswordSchema = z
  .string({ error: 'PASSWORD_POLICY' })
  .trim()
  .min(1, 'PASSWORD_NEW_REQUIRED')
  .refine(isStrongPassword, 'PASSWORD_POLICY');

export const oldPasswordSchema = z
  .string({ error: 'PASSWORD_OLD_REQUIRED' })
  .trim()
  .min(1, 'PASSWORD_OLD_REQUIRED')
  .min(PASSWORD_MIN, 'PASSWORD_OLD_REQUIRED')
  .max(PASSWORD_MAX, 'PASSWORD_OLD_REQUIRED');

/** The web's change-password form: old, new, confirm (confirm must equal new). */
export const changePasswordForm = z
  .object({
    oldpassword: oldPasswordSchema,
    password: newPasswordSchema,
    confirm: z.string().trim().min(1, 'PASSWORD_CONFIRM_REQUIRED'),
  })
  .refine((v) => v.password === v.confirm, { message: 'PASSWORD_MISMATCH', path: ['confirm'] });
