import { z } from 'zod';
import type { Language } from '../common/language';

/** Spec section 5 and 9: names are 2-15 characters without special characters. */
export const NAME_MIN = 2;
export const NAME_MAX = 15;
/** Letters (any script), digits, spaces, underscore, hyphen and dot: everything else is illegal. */
const NAME_LEGAL = /^[\p{L}\p{N} _.\-·]+$/u;

export type RuleCode =
  | 'NAME_REQUIRED'
  | 'NAME_ILLEGAL'
  | 'NAME_LENGTH'
  | 'PHONE_REQUIRED'
  | 'PHONE_LENGTH'
  | 'PHONE_FORMAT'
  | 'EMAIL_FORMAT'
  | 'SEX_INVALID';

/** The profile name rule; returns the catalogue code of the first problem, or null. */
export function checkName(raw: string | null | undefined): RuleCode | null {
  const name = (raw ?? '').trim();
  if (!name) return 'NAME_REQUIRED';
  if (!NAME_LEGAL.test(name)) return 'NAME_ILLEGAL';
  if (name.length < NAME_MIN || name.length > NAME_MAX) return 'NAME_LENGTH';
  return null;
}

/** A contact person's name: the name rule, with messages that name the contact (not "name"). */
export function checkContactName(
  raw: string | null | undefined,
): 'CONTACT_NAME_REQUIRED' | 'CONTACT_NAME_ILLEGAL' | 'CONTACT_NAME_LENGTH' | null {
  const code = checkName(raw);
  return code ? (`CONTACT_${code}` as 'CONTACT_NAME_REQUIRED' | 'CONTACT_NAME_ILLEGAL' | 'CONTACT_NAME_LENGTH') : null;
}

/** Chinese locale: optional 86, then 1, a digit 3-9 and nine digits. */
export const PHONE_ZH = /^(?:\+?86)?1[3-9]\d{9}$/;
/** Other locales: an optional plus and 8-15 digits. */
export const PHONE_INTL = /^\+?\d{8,15}$/;

/** The profile phone rule by locale: empty, wrong length (Chinese 11-digit numbers) or wrong format. */
export function checkPhone(raw: string | null | undefined, locale: Language): RuleCode | null {
  const phone = (raw ?? '').trim();
  if (!phone) return 'PHONE_REQUIRED';
  if (locale === 'zh') {
    const digits = phone.replace(/^\+?86/, '');
    if (/^\d+$/.test(digits) && digits.length !== 11) return 'PHONE_LENGTH';
    return PHONE_ZH.test(phone) ? null : 'PHONE_FORMAT';
  }
  return PHONE_INTL.test(phone) ? null : 'PHONE_FORMAT';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function checkEmail(raw: string | null | undefined): RuleCode | null {
  const email = (raw ?? '').trim();
  if (!email) return null;
  return EMAIL.test(email) && email.length <= 254 ? null : 'EMAIL_FORMAT';
}

export const SEXES = ['male', 'female'] as const;

/** The profile form (web) and PUT /api/Users (server) share this schema; locale picks the phone rule. */
export function profileSchema(locale: Language) {
  return z
    .object({
      name: z.string().trim(),
      phone: z.string().trim(),
      email: z.string().trim().max(254).optional().default(''),
      sex: z.string().optional().default(''),
      avatar: z.string().trim().max(1000).optional(),
      contactPhone: z.string().trim().max(20).optional(),
      lang: z.enum(['zh', 'en']).optional(),
    })
    .superRefine((v, ctx) => {
      const issues: Array<[string, RuleCode | null]> = [
        ['name', checkName(v.name)],
        ['phone', checkPhone(v.phone, locale)],
        ['email', checkEmail(v.email)],
        ['sex', v.sex === '' || (SEXES as readonly string[]).includes(v.sex) ? null : 'SEX_INVALID'],
        ['contactPhone', v.contactPhone ? checkPhone(v.contactPhone, locale) : null],
      ];
      for (const [path, code] of issues) if (code) ctx.addIssue({ code: 'custom', path: [path], message: code });
    });
}
