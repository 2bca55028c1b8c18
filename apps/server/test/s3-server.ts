import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver is an S3-compatible HTTP server (the real S3 REST protocol) that runs in-process on a folder.
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The STORAGE_DRIVER=s3 environment for buildTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts an S3-compatible server on 127.0.0.1 with one empty bucket. */
export async function startTestS3(bucket = 'robot-ads-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's built-in account.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The options an S3Storage takes to use the test server's bucket (path-style addresses, as s3rver wants). */
export const s3Options = (s3: TestS3) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});
