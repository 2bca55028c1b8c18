// `npm run db:pin`: records each migration's SHA-256 and journal time in apps/server/src/db/migrations-pinned.json.
// A migration is never edited once it is pinned: databases made by earlier releases have already run it,
// and drizzle would not run it again (docs/operations.md, "Upgrading"). migrations-pinned.test.ts checks
// this; run this script once after generating a new migration, never to accept a change of an old one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/server/src/db/migrations');
const pinFile = path.join(root, 'apps/server/src/db/migrations-pinned.json');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8'));
const pinned = fs.existsSync(pinFile) ? JSON.parse(fs.readFileSync(pinFile, 'utf8')) : [];
const known = new Set(pinned.map((p) => p.tag));
for (const entry of journal.entries) {
  if (known.has(entry.tag)) continue;
  const text = fs.readFileSync(path.join(dir, `${entry.tag}.sql`));
  pinned.push({ tag: entry.tag, when: entry.when, sha256: crypto.createHash('sha256').update(text).digest('hex') });
  console.log(`pinned ${entry.tag}`);
}
fs.writeFileSync(pinFile, `${JSON.stringify(pinned, null, 2)}\n`);
