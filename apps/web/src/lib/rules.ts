import { messageFor } from '@robot-ads/contracts/common/errors';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { lang } from './i18n';

/**
 * An antd form rule that runs a shared contract schema; its message codes become text in the user's language.
 * A schema that refuses an empty value makes the field required: it carries the star (the message stays the
 * schema's, since a rule's validator replaces antd's own required check).
 */
export function schemaRule(schema: z.ZodType): RuleObject {
  const required = !schema.safeParse('').success && !schema.safeParse(undefined).success;
  return {
    required,
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const code = result.error.issues[0]?.message ?? 'UNKNOWN';
      throw new Error(messageFor(code, lang()));
    },
  };
}

/** An antd rule from a check returning a catalogue code (or null when valid); required when '' is refused. */
export function checkRule(check: (value: string) => string | null): RuleObject {
  return {
    required: check('') !== null,
    validator: async (_rule, value) => {
      const code = check(typeof value === 'string' ? value : '');
      if (code) throw new Error(messageFor(code, lang()));
    },
  };
}
