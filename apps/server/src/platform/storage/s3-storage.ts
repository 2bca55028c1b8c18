import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import aws4 from 'aws4';
import {
  isValidObjectKey,
  type ObjectStorage,
  StorageNotFoundError,
  type StoredObject,
  type UploadCredentials,
} from './storage';

export interface S3Options {
  /** e.g. http://127.0.0.1:9000 (MinIO), https://oss-cn-hangzhou.aliyuncs.com; AWS when unset. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function hmac(key: Buffer | string, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`S3 request failed with ${status}: ${body.slice(0, 300)}`);
  }
}

/**
 * An S3-compatible object store (AWS S3, MinIO, Aliyun OSS through its S3 API), spoken with
 * Signature V4 over plain HTTP(S): uploads stream with UNSIGNED-PAYLOAD and a known length, reads
 * stream back, browsers upload with a POST policy limited to their directory and size.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly base: URL;

  constructor(
    private readonly opts: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  }

  private get credentials() {
    return { accessKeyId: this.opts.accessKeyId, secretAccessKey: this.opts.secretAccessKey };
  }

  /** Host and path of a key (or of the bucket when key is ''). */
  private location(key: string): { host: string; path: string; origin: string } {
    const { bucket, forcePathStyle } = this.opts;
    const basePath = this.base.pathname.replace(/\/$/, '');
    if (forcePathStyle) {
      return {
        host: this.base.host,
        path: `${basePath}/${bucket}/${encodeKey(key)}`,
        origin: `${this.base.protocol}//${this.base.host}`,
      };
    }
    const host = `${bucket}.${this.base.host}`;
    return { host, path: `${basePath}/${encodeKey(key)}`, origin: `${this.base.protocol}//${host}` };
  }

  private request(
    method: string,
    key: string,
    opts: { query?: string; headers?: Record<string, string>; body?: Readable | Buffer } = {},
  ): Promise<http.IncomingMessage> {
    const loc = this.location(key);
    const signed = aws4.sign(
      {
        host: loc.host,
        path: loc.path + (opts.query ? `?${opts.query}` : ''),
        method,
        service: 's3',
        region: this.opts.region,
        headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', ...opts.headers },
      },
      this.credentials,
    );
    const client = this.base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          protocol: this.base.protocol,
          hostname: this.opts.forcePathStyle ? this.base.hostname : `${this.opts.bucket}.${this.base.hostname}`,
          port: this.base.port || undefined,
          method,
          path: signed.path,
          headers: signed.headers as http.OutgoingHttpHeaders,
        },
        resolve,
      );
      req.on('error', reject);
      const body = opts.body;
      if (!body) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else pipeline(body, req).catch(reject);
    });
  }

  private async expectOk(res: http.IncomingMessage, key: string, okStatuses = [200]): Promise<void> {
    if (okStatuses.includes(res.statusCode ?? 0)) return;
    const text = await readAll(res);
    if (res.statusCode === 404) throw new StorageNotFoundError(key);
    throw new S3Error(res.statusCode ?? 0, text);
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string; size?: number } = {}) {
    if (!isValidObjectKey(key)) throw new StorageNotFoundError(key);
    let size = Buffer.isBuffer(body) ? body.length : opts.size;
    let source: Readable | Buffer = body;
    let spooled: string | null = null;
    if (size === undefined) {
      // S3 needs the length up front: spool an unsized stream to a temporary file (never to memory).
      spooled = path.join(os.tmpdir(), `robot-ads-s3-${randomUUID()}`);
      await pipeline(body as Readable, fs.createWriteStream(spooled));
      size = (await fsp.stat(spooled)).size;
      source = fs.createReadStream(spooled);
    }
    try {
      const res = await this.request('PUT', key, {
        headers: {
          'Content-Length': String(size),
          'Content-Type': opts.contentType ?? 'application/octet-stream',
        },
        body: source,
      });
      await this.expectOk(res, key);
      res.resume();
    } finally {
      if (spooled) await fsp.rm(spooled, { force: true });
    }
    return { size, contentType: opts.contentType ?? null };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const res = await this.request('GET', key, {
      headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
    });
    await this.expectOk(res, key, [200, 206]);
    return res;
  }

  async readRange(key: string, offset: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const res = await this.request('GET', key, { headers: { Range: `bytes=${offset}-${offset + length - 1}` } });
    if (res.statusCode === 416) {
      res.resume();
      return Buffer.alloc(0);
    }
    await this.expectOk(res, key, [200, 206]);
    const data = await readAllBuffer(res);
    // A server that ignores Range sends the whole object.
    return res.statusCode === 200 ? data.subarray(offset, offset + length) : data.subarray(0, length);
  }

  async head(key: string): Promise<StoredObject | null> {
    const res = await this.request('HEAD', key);
    res.resume();
    if (res.statusCode === 404) return null;
    if (res.statusCode !== 200) throw new S3Error(res.statusCode ?? 0, '');
    return {
      size: Number(res.headers['content-length'] ?? 0),
      contentType: (res.headers['content-type'] as string | undefined) ?? null,
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    await this.expectOk(res, key, [200, 204, 404]);
    res.resume();
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const sorted = [...query.entries()].sort(([a], [b]) => a.localeCompare(b));
      const res = await this.request('GET', '', { query: new URLSearchParams(sorted).toString() });
      await this.expectOk(res, prefix);
      const xml = await readAll(res);
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(m[1] ?? ''));
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml);
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) && next ? unescapeXml(next[1] ?? '') : undefined;
    } while (token);
    return keys.sort();
  }

  signedDownloadUrl(key: string, opts: { expiresInSeconds?: number; fileName?: string } = {}): string {
    const loc = this.location(key);
    const query = new URLSearchParams({ 'X-Amz-Expires': String(opts.expiresInSeconds ?? 3600) });
    if (opts.fileName) {
      query.set('response-content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`);
    }
    const signed = aws4.sign(
      {
        host: loc.host,
        path: `${loc.path}?${query}`,
        method: 'GET',
        service: 's3',
        region: this.opts.region,
        signQuery: true,
        headers: { 'X-Amz-Date': amzDate(this.now()) },
      },
      this.credentials,
    );
    return `${loc.origin}${signed.path}`;
  }

  uploadCredentials(opts: { dir: string; expiresInSeconds: number; maxBytes: number; now: Date }): UploadCredentials {
    const date = amzDate(opts.now);
    const day = date.slice(0, 8);
    const credential = `${this.opts.accessKeyId}/${day}/${this.opts.region}/s3/aws4_request`;
    const expiresAt = Math.floor(opts.now.getTime() / 1000) + opts.expiresInSeconds;
    const expiration = new Date(expiresAt * 1000).toISOString();
    const policy = Buffer.from(
      JSON.stringify({
        expiration,
        conditions: [
          { bucket: this.opts.bucket },
          ['starts-with', '$key', `${opts.dir}/`],
          ['starts-with', '$Content-Type', ''],
          ['content-length-range', 1, opts.maxBytes],
          { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
          { 'x-amz-credential': credential },
          { 'x-amz-date': date },
        ],
      }),
    ).toString('base64');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${this.opts.secretAccessKey}`, day), this.opts.region), 's3'),
      'aws4_request',
    );
    const signature = hmac(signingKey, policy).toString('hex');
    const loc = this.location('');
    return {
      Expiration: expiration,
      AccessKeyId: this.opts.accessKeyId,
      // The browser never gets the account's secret: this is the signature of its own upload policy.
      AccessKeySecret: signature,
      SecurityToken: policy,
      region: this.opts.region,
      bucket: this.opts.bucket,
      dir: opts.dir,
      provider: 's3',
      expiresAt,
      maxBytes: opts.maxBytes,
      upload: {
        method: 'POST',
        url: `${loc.origin}${loc.path.replace(/\/$/, '')}`,
        fields: {
          policy,
          'x-amz-algorithm': 'AWS4-HMAC-SHA256',
          'x-amz-credential': credential,
          'x-amz-date': date,
          'x-amz-signature': signature,
        },
      },
    };
  }

  /** Creates the bucket when it is missing (tests and first start against an empty MinIO). */
  async ensureBucket(): Promise<void> {
    const head = await this.request('HEAD', '');
    head.resume();
    if (head.statusCode === 200) return;
    const res = await this.request('PUT', '', { headers: { 'Content-Length': '0' }, body: Buffer.alloc(0) });
    await this.expectOk(res, '', [200]);
    res.resume();
  }
}

function amzDate(d: Date): string {
  return d.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

async function readAllBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readAll(stream: Readable): Promise<string> {
  return (await readAllBuffer(stream)).toString('utf8');
}
