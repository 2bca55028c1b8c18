import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../../../tools/module-graph';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');

// Issue 12's rule, whole: no module imports another module's table or repository, no web feature imports
// another feature, and the modules form no cycle. The lists below were a ratchet while the tree was moved
// onto the rule; they are empty now and stay empty (a listed entry that is gone fails too).
const KNOWN_BOUNDARY_VIOLATIONS: string[] = [];
const KNOWN_FEATURE_VIOLATIONS: string[] = [];
/** Strongly connected module groups still present. */
const KNOWN_CYCLES: string[][] = [];

describe('architecture of the real tree', () => {
  const report = analyse();
  const key = (v: { from: string; to: string }) => `${v.from} -> ${v.to}`;

  it('no module imports another module’s table or repository beyond the listed ones, all still present', () => {
    const found = report.boundaryViolations.map(key).sort();
    expect(found).toEqual([...KNOWN_BOUNDARY_VIOLATIONS].sort());
  });

  it('no web feature imports another feature', () => {
    expect(report.featureViolations.map(key)).toEqual(KNOWN_FEATURE_VIOLATIONS);
  });

  it('the module graph has no cycle beyond the listed ones', () => {
    const found = report.cycles.map((c) => [...c].sort().join(' <-> ')).sort();
    expect(found).toEqual(KNOWN_CYCLES.map((c) => [...c].sort().join(' <-> ')).sort());
  });

  it('no two files import each other, even through others (type imports count)', () => {
    expect(report.fileCycles).toEqual([]);
  });
});

describe('architecture check on a tree with one violation of each kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arch-fixture-'));
  const server = path.join(dir, 'apps/server/src');
  const web = path.join(dir, 'apps/web/src');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  write(path.join(server, 'modules/alpha/alpha.table.ts'), 'export const alpha = 1;\n');
  write(path.join(server, 'modules/alpha/alpha.repository.ts'), "import { alpha } from './alpha.table';\n");
  write(path.join(server, 'modules/alpha/alpha.service.ts'), "import { beta } from '../beta/beta.service';\n");
  // Foreign key: a table referencing another module's table is allowed.
  write(path.join(server, 'modules/beta/beta.table.ts'), "import { alpha } from '../alpha/alpha.table';\n");
  // The violation: a service reaching into another module's repository (and closing a cycle alpha <-> beta).
  write(
    path.join(server, 'modules/beta/beta.service.ts'),
    "import { findAlpha } from '../alpha/alpha.repository';\nexport const beta = 2;\n",
  );
  // The composition root may import anything.
  write(path.join(server, 'app.ts'), "import { alpha } from './modules/alpha/alpha.table';\n");
  // An import circle inside one module: no module cycle, but a file cycle.
  write(path.join(server, 'modules/alpha/alpha.rules.ts'), "import type { Limit } from './alpha.limits';\n");
  write(path.join(server, 'modules/alpha/alpha.limits.ts'), "import { rule } from './alpha.rules';\n");
  write(path.join(web, 'lib/api.ts'), 'export const api = 1;\n');
  write(path.join(web, 'features/one/pages/one-page.tsx'), "import { api } from '../../../lib/api';\n");
  write(path.join(web, 'features/two/pages/two-page.tsx'), "import { OnePage } from '../../one/pages/one-page';\n");

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const report = analyse(server, web);
  // The report names files relative to the repository; name them relative to the fixture instead.
  const inFixture = (file: string) => relative(path.resolve(repoRoot, file)).slice(relative(dir).length + 1);
  const files = (list: { from: string; to: string }[]) => list.map((v) => `${inFixture(v.from)} -> ${inFixture(v.to)}`);

  it('reports the cross-module repository import and nothing exempt', () => {
    expect(files(report.boundaryViolations)).toEqual([
      'apps/server/src/modules/beta/beta.service.ts -> apps/server/src/modules/alpha/alpha.repository.ts',
    ]);
  });

  it('reports the web feature importing another feature', () => {
    expect(files(report.featureViolations)).toEqual([
      'apps/web/src/features/two/pages/two-page.tsx -> apps/web/src/features/one/pages/one-page.tsx',
    ]);
  });

  it('reports the cycle between the two modules', () => {
    expect(report.cycles).toEqual([['modules/alpha', 'modules/beta']]);
  });

  it('reports the import circle between two files of one module', () => {
    expect(report.fileCycles.map((c) => c.map(inFixture))).toEqual([
      ['apps/server/src/modules/alpha/alpha.limits.ts', 'apps/server/src/modules/alpha/alpha.rules.ts'],
    ]);
  });
});
