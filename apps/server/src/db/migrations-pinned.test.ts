import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Released migrations never change (docs/operations.md, "Upgrading"): a database made by an earlier release
 * has run them and drizzle does not run them again, so an edit would leave that database apart from a new
 * one. Each migration's SHA-256 and journal time are pinned in migrations-pinned.json (`npm run db:pin`
 * after generating a new one); the upgrade test (upgrade.int.test.ts) builds its old database from them.
 */
const dir = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const pinned = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'migrations-pinned.json'), 'utf8')) as {
  tag: string;
  when: number;
  sha256: string;
}[];
const sha256 = (tag: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(dir, `${tag}.sql`)))
    .digest('hex');

describe('released migrations', () => {
  it('are unchanged, in their order and with their journal time', () => {
    const changed = pinned.filter((p) => !fs.existsSync(path.join(dir, `${p.tag}.sql`)) || sha256(p.tag) !== p.sha256);
    expect(
      changed.map((p) => p.tag),
      'edited or removed: add a new migration instead',
    ).toEqual([]);
    const journalOfPinned = journal.entries.slice(0, pinned.length).map((e) => ({ tag: e.tag, when: e.when }));
    expect(journalOfPinned).toEqual(pinned.map((p) => ({ tag: p.tag, when: p.when })));
  });

  it('are all pinned (run `npm run db:pin` after generating one)', () => {
    expect(journal.entries.map((e) => e.tag)).toEqual(pinned.map((p) => p.tag));
  });
});
