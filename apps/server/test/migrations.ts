import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/db/client';

/**
 * A copy of the migrations folder as it was before the migration whose tag ends with `tagSuffix` (its
 * journal cut there), in a new temporary folder: a migration test migrates to it, writes rows the old
 * way, then migrates to the end. `remove` deletes the copy.
 */
export function migrationsBefore(tagSuffix: string): { dir: string; remove(): void } {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (cut <= 0) throw new Error(`no migration before one named *${tagSuffix}`);
  const entries = journal.entries.slice(0, cut);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
