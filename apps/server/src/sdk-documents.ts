import { deviceDocument } from './modules/device-protocol/device-document';
import { partnerDocument } from './modules/open-platform/partner-document';
import { type OpenApiDoc, operationsOf } from './platform/openapi/document';

/**
 * The documents the SDK is generated from, out of the app's full document: the partner document with
 * every open operation (what root offers; a partner's own copy holds its granted part) and the device one.
 */
export function sdkDocuments(full: OpenApiDoc): { partner: OpenApiDoc; device: OpenApiDoc } {
  const open = new Set(
    operationsOf(full)
      .filter(({ op }) => op['x-access'] === 'partner')
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`),
  );
  return { partner: partnerDocument(full, open), device: deviceDocument(full) };
}
