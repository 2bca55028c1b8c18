import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId } from './ids';

describe('newId', () => {
  it('makes 24-character lowercase hex ids', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(ID_PATTERN);
  });

  it('sorts ids in creation order, even many in one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts later times after earlier ones', () => {
    const early = newId(Date.UTC(2026, 0, 1) + 10_000_000);
    const late = newId(Date.UTC(2026, 0, 1) + 20_000_000);
    expect(late > early).toBe(true);
  });
});
