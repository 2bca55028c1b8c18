import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** The documents the SDK is generated from (committed in packages/sdk/openapi, written by `npm run sdk:generate`). */
export const DOCUMENTS = ['partner', 'device'] as const;
export type DocumentName = (typeof DOCUMENTS)[number];

/** The TypeScript types of an OpenAPI document (openapi-typescript), as committed in src/generated. */
export async function generateTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    exportType: true,
    alphabetize: true,
    silent: true,
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
