import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { presignGetUrl } from './s3-presign-get';
import { S3Error, S3Storage } from './s3-storage';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const toBytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** The SDK's hash interface over node:crypto (as @smithy/hash-node does). */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', toBytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const options = () => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});

describe('S3 on the AWS SDK', () => {
  it('signs download links exactly as the SDK signer does, and s3rver serves them', async () => {
    const now = new Date('2026-11-28T06:00:00Z');
    const url = new URL(`${s3.endpoint}/${s3.bucket}/a/picture/${randomUUID()}.png`);
    const fileName = '杯子 (1).png';
    const disposition = `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    const ours = presignGetUrl({
      url,
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      now,
      expiresInSeconds: 900,
      query: { 'response-content-disposition': disposition },
    });
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      sha256: Sha256,
      uriEscapePath: false,
    });
    const presigned = await signer.presign(
      {
        method: 'GET',
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: { 'response-content-disposition': disposition },
        headers: { host: url.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      },
      { signingDate: now, expiresIn: 900 },
    );
    const link = new URL(ours);
    const query = presigned.query ?? {};
    expect(query['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get('X-Amz-Signature')).toBe(query['X-Amz-Signature']);
    expect(Object.fromEntries(link.searchParams)).toEqual(query);
    expect(`${link.origin}${link.pathname}`).toBe(url.toString());

    // And a real link from the storage downloads the object, with the file name asked for.
    const storage = new S3Storage(options());
    const key = `suite/picture/${randomUUID()}.png`;
    await storage.put(key, Buffer.from('png bytes'), { contentType: 'image/png' });
    const res = await fetch(storage.signedDownloadUrl(key, { fileName }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png bytes');
    // (s3rver does not check V4 query signatures; the equality with the SDK's signer above does.)
    storage.close();
  });

  it('dates the browser form by the product clock and limits it to the directory and size', async () => {
    const storage = new S3Storage(options());
    const now = new Date('2026-11-22T08:00:00Z');
    const creds = await storage.uploadCredentials({ dir: 'materials/c-1', expiresInSeconds: 600, maxBytes: 5, now });
    const policy = JSON.parse(Buffer.from(creds.SecurityToken, 'base64').toString());
    expect(policy.expiration).toBe('2026-11-22T08:10:00Z');
    expect(policy.conditions).toContainEqual(['starts-with', '$key', 'materials/c-1/']);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5]);
    expect(policy.conditions).toContainEqual({ bucket: s3.bucket });
    expect(creds.upload.fields).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${s3.accessKeyId}/20261122/us-east-1/s3/aws4_request`,
      'X-Amz-Date': '20261122T080000Z',
      Policy: creds.SecurityToken,
    });
    expect(creds.upload.fields).not.toHaveProperty('key');
    expect(JSON.stringify(creds)).not.toContain(s3.secretAccessKey === s3.accessKeyId ? '\u0000' : s3.secretAccessKey);

    // The form works: a browser-like multipart POST puts the object into the bucket.
    const key = `materials/c-1/picture/${randomUUID()}.png`;
    const form = new FormData();
    for (const [name, value] of Object.entries(creds.upload.fields)) form.append(name, value);
    form.append('key', key);
    form.append('Content-Type', 'image/png');
    form.append('file', new Blob([Buffer.from('abc')]), 'a.png');
    const posted = await fetch(creds.upload.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    expect((await storage.head(key))?.size).toBe(3);
    storage.close();
  });

  it('retries a failing store and gives up after maxAttempts with the store’s error', async () => {
    let calls = 0;
    const flaky = http.createServer((req, res) => {
      calls += 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const { port } = flaky.address() as AddressInfo;
    const storage = new S3Storage({ ...options(), endpoint: `http://127.0.0.1:${port}`, maxAttempts: 3 });
    try {
      const err = await storage.head(`x/picture/${randomUUID()}.png`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(S3Error);
      expect((err as S3Error).status).toBe(503);
      expect(calls).toBe(3);
    } finally {
      storage.close();
      flaky.close();
    }
  });

  it('retries an upload of unknown length from its spooled copy', async () => {
    // In front of s3rver: the first PUT of each key is answered 503 after its body was read.
    const target = new URL(s3.endpoint);
    const failed = new Set<string>();
    const proxy = http.createServer((req, res) => {
      if (req.method === 'PUT' && !failed.has(req.url ?? '')) {
        failed.add(req.url ?? '');
        req.resume();
        req.on('end', () => {
          res.writeHead(503, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0"?><Error><Code>ServiceUnavailable</Code><Message>busy</Message></Error>');
        });
        return;
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const storage = new S3Storage({ ...options(), endpoint: `http://127.0.0.1:${port}` });
    try {
      const key = `suite/pdf/${randomUUID()}.pdf`;
      const stored = await storage.put(key, Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('again')]));
      expect(stored.size).toBe(14);
      expect(failed.size).toBe(1);
      const back: Buffer[] = [];
      for await (const c of await storage.get(key)) back.push(c as Buffer);
      expect(Buffer.concat(back).toString()).toBe('%PDF-1.4 again');
      // A buffer is retried by the SDK itself.
      const other = `suite/picture/${randomUUID()}.png`;
      await storage.put(other, Buffer.from('png'));
      expect((await storage.head(other))?.size).toBe(3);
      expect(failed.size).toBe(2);
    } finally {
      storage.close();
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('stops waiting for a store that does not answer (request timeout)', async () => {
    const silent = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const storage = new S3Storage({
      ...options(),
      endpoint: `http://127.0.0.1:${port}`,
      maxAttempts: 1,
      requestTimeoutMs: 300,
    });
    try {
      await expect(storage.list('x/')).rejects.toThrow(/timeout|timed out|socket/i);
    } finally {
      storage.close();
      silent.closeAllConnections();
      silent.close();
    }
  }, 20_000);
});
