import { messageFor } from '@robot-ads/contracts/common/errors';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { lang } from './i18n';

/** An antd form rule that runs a shared contract schema; its message codes become text in the user's language. */
export function schemaRule(schema: z.ZodType): RuleObject {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const code = result.error.issues[0]?.message ?? 'UNKNOWN';
      throw new Error(messageFor(code, lang()));
    },
  };
}

/** An antd rule from a check returning a catalogue code (or null when valid). */
export function checkRule(check: (value: string) => string | null): RuleObject {
  return {
    validator: async (_rule, value) => {
      const code = check(typeof value === 'string' ? value : '');
      if (code) throw new Error(messageFor(code, lang()));
    },
  };
}
