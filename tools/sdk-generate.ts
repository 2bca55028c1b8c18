// `npm run sdk:generate`: writes the partner and device OpenAPI documents of the current server to
// packages/sdk/openapi (the committed snapshots the breaking-change test compares with) and regenerates
// the SDK's types from them (packages/sdk/src/generated), and pins the full document's operationIds
// (apps/server/src/platform/openapi/operation-ids.json). Run it when an operation changes on purpose.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OpenApiDoc, operationIdList } from '../apps/server/src/platform/openapi/document';
import { sdkDocuments } from '../apps/server/src/sdk-documents';
import { buildTestApp } from '../apps/server/test/build-app';
import { generateTypes } from '../packages/sdk/src/codegen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t = await buildTestApp();
try {
  const full = t.app.swagger() as unknown as OpenApiDoc;
  // The pinned operationIds of the full document (the contract test compares them: a rename is on purpose).
  const ids = path.join(root, 'apps/server/src/platform/openapi/operation-ids.json');
  fs.writeFileSync(ids, `${JSON.stringify(operationIdList(full), null, 2)}\n`);
  console.log(`${path.relative(root, ids)} written`);
  const documents = sdkDocuments(full);
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
