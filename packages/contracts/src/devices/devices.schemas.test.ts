import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameSchema } from './devices.schemas';

const code = (value: string) => {
  const r = nameSchema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('a device, group or property name', () => {
  it('takes words of any script and refuses markup and control characters', () => {
    expect(code('大堂 1号')).toBeNull();
    expect(code('Lobby — east')).toBeNull();
    expect(code('pa{C}c')).toBe('NAME_ILLEGAL');
    for (const c of ['\u0000', '\t', '\u001f', '\u007f', '\u0085', '\u009f'])
      expect(code(`ab${c}cd`)).toBe('NAME_ILLEGAL');
    for (const c of ['<', '>', '"', "'", '`', '\\', '/', ';']) expect(code(`ab${c}cd`)).toBe('NAME_ILLEGAL');
  });

  it('keeps its rule readable without the u flag, as JSON Schema validators of the API document read it', () => {
    const { pattern } = z.toJSONSchema(nameSchema) as { pattern: string };
    const plain = new RegExp(pattern);
    expect(plain.test('Lobby east')).toBe(true);
    expect(plain.test('pC')).toBe(true);
    expect(plain.test('ab\u0007cd')).toBe(false);
  });
});
