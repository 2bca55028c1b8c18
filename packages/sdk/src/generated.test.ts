import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, generateTypes } from './codegen.js';

const sdk = path.resolve(import.meta.dirname, '..');

describe('the generated SDK types', () => {
  for (const name of DOCUMENTS) {
    it(`match packages/sdk/openapi/${name}.json (else: npm run sdk:generate)`, async () => {
      const document = JSON.parse(fs.readFileSync(path.join(sdk, 'openapi', `${name}.json`), 'utf8'));
      const committed = fs.readFileSync(path.join(sdk, 'src/generated', `${name}.ts`), 'utf8');
      expect(await generateTypes(document), `src/generated/${name}.ts is stale: npm run sdk:generate`).toBe(committed);
    });
  }
});
