import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Options, startTestS3, type TestS3 } from '../../../test/s3-server';
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

const options = () => s3Options(s3);

/**
 * Checks a presigned link the way S3 does: recomputes its signature from the secret over the request
 * the link makes (s3rver checks a V4 link's expiry but not its signature).
 */
async function signatureHolds(link: string, secretAccessKey: string): Promise<boolean> {
  const url = new URL(link);
  const params = Object.fromEntries(url.searchParams);
  const [accessKeyId, , region] = (params['X-Amz-Credential'] ?? '').split('/');
  const auth = new Set([
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
    'X-Amz-Content-Sha256',
  ]);
  const query = Object.fromEntries(Object.entries(params).filter(([k]) => !auth.has(k)));
  const d = params['X-Amz-Date'] ?? '';
  const signingDate = new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}Z`,
  );
  const signer = new SignatureV4({
    service: 's3',
    region: region ?? '',
    credentials: { accessKeyId: accessKeyId ?? '', secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
  });
  const expected = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query,
      headers: { host: url.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate, expiresIn: Number(params['X-Amz-Expires']) },
  );
  return expected.query?.['X-Amz-Signature'] === params['X-Amz-Signature'];
}

describe('S3 on the AWS SDK', () => {
  it('gives download links (SDK presigner) that s3rver serves, dated by the product clock', async () => {
    // The product clock a minute behind the machine's: the link carries the product's time.
    const now = new Date(Date.now() - 60_000);
    now.setMilliseconds(0);
    const storage = new S3Storage(options(), () => now);
    const key = `suite/picture/${randomUUID()}.png`;
    await storage.put(key, Buffer.from('png bytes'), { contentType: 'image/png' });
    const fileName = '杯子 (1).png';
    const link = await storage.signedDownloadUrl(key, { fileName, expiresInSeconds: 900 });
    const url = new URL(link);
    expect(url.searchParams.get('X-Amz-Date')).toBe(now.toISOString().replace(/[:-]|\.\d{3}/g, ''));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${s3.accessKeyId}/\\d{8}/us-east-1/s3/`));
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png bytes');
    // The browser is told the file's own name.
    expect(res.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    expect(await signatureHolds(link, s3.secretAccessKey)).toBe(true);
    storage.close();
  });

  it('refuses an expired link, and a tampered link does not carry a valid signature', async () => {
    // The product clock two hours back: a 15-minute link is long expired by the store's clock.
    const past = new Date(Date.now() - 2 * 3600_000);
    const storage = new S3Storage(options(), () => past);
    const key = `suite/picture/${randomUUID()}.png`;
    const other = `suite/picture/${randomUUID()}.png`;
    await storage.put(key, Buffer.from('mine'), { contentType: 'image/png' });
    await storage.put(other, Buffer.from('not mine'), { contentType: 'image/png' });
    const expired = await storage.signedDownloadUrl(key, { expiresInSeconds: 900 });
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/AccessDenied[\s\S]*Request has expired/);

    const current = new S3Storage(options());
    const link = await current.signedDownloadUrl(key, { fileName: 'a.png', expiresInSeconds: 900 });
    current.close();
    expect(await signatureHolds(link, s3.secretAccessKey)).toBe(true);
    // Another object, a longer life, another file name, or another secret: the signature no longer matches.
    expect(await signatureHolds(link.replace(key, other), s3.secretAccessKey)).toBe(false);
    expect(await signatureHolds(link.replace('X-Amz-Expires=900', 'X-Amz-Expires=604800'), s3.secretAccessKey)).toBe(
      false,
    );
    expect(await signatureHolds(link.replace('a.png', 'b.png'), s3.secretAccessKey)).toBe(false);
    expect(await signatureHolds(link, `${s3.secretAccessKey}x`)).toBe(false);
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
