import { createHash, createHmac } from 'node:crypto';

/**
 * A presigned GET link (Signature V4 in the query string), made synchronously.
 *
 * Why not the SDK: `@aws-sdk/s3-request-presigner` is not a dependency, and the SDK's own signer
 * (`@smithy/signature-v4`, `SignatureV4.presign`) is asynchronous while `ObjectStorage.signedDownloadUrl`
 * is called synchronously in many mappers. This is the same algorithm, limited to what a download link
 * needs (GET, the `host` header signed, `UNSIGNED-PAYLOAD`); `s3-storage.int.test.ts` checks that it gives
 * the very same link as `SignatureV4.presign` and that s3rver accepts it.
 */
export interface PresignGetInput {
  /** The object's URL without query (path-style or virtual-hosted), as the client addresses it. */
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
  expiresInSeconds: number;
  /** Extra signed query parameters (e.g. response-content-disposition). */
  query?: Record<string, string>;
}

/** RFC 3986 encoding as Signature V4 wants it (also `!'()*`). */
const uriEncode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export function presignGetUrl(input: PresignGetInput): string {
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const params: Record<string, string> = {
    ...input.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${input.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(input.expiresInSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(params)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(params[k] ?? '')}`)
    .join('&');
  // The path is already encoded segment by segment (S3 does not encode it twice).
  const canonicalRequest = [
    'GET',
    input.url.pathname,
    canonicalQuery,
    `host:${input.url.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = hmac(signingKey, stringToSign).toString('hex');
  return `${input.url.origin}${input.url.pathname}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
