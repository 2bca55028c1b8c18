// `npm run sdk:generate`: writes the partner and device OpenAPI documents of the current server to
// packages/sdk/openapi (the committed snapshots the breaking-change test compares with) and regenerates
// the SDK's types from them (packages/sdk/src/generated). Run it when an operation changes on purpose.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkDocuments } from '../apps/server/src/sdk-documents';
import { buildTestApp } from '../apps/server/test/build-app';
import { generateTypes } from '../packages/sdk/src/codegen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t = await buildTestApp();
try {
  const documents = sdkDocuments(t.app.swagger() as never);
  for (const [name, document] of Object.entries(documents)) {
    const json = path.join(root, 'packages/sdk/openapi', `${name}.json`);
    fs.writeFileSync(json, `${JSON.stringify(document, null, 2)}\n`);
    const types = path.join(root, 'packages/sdk/src/generated', `${name}.ts`);
    fs.writeFileSync(types, await generateTypes(document));
    console.log(`${path.relative(root, json)} and ${path.relative(root, types)} written`);
  }
} finally {
  await t.close();
}
