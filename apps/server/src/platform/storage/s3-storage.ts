import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
  /** Tries per request, the first included (the SDK's standard retry mode: backoff with jitter). */
  maxAttempts?: number;
  /** Milliseconds to open the connection. */
  connectTimeoutMs?: number;
  /** Milliseconds a request may wait for the server without a byte (socket idle time). */
  requestTimeoutMs?: number;
}

export const S3_DEFAULTS = { maxAttempts: 3, connectTimeoutMs: 5000, requestTimeoutMs: 60_000 } as const;

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** A failed S3 call, with the store's status and error code (e.g. AccessDenied, NoSuchBucket). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 request failed with ${status} ${code}: ${message.slice(0, 300)}`);
  }
}

const statusOf = (err: unknown): number =>
  err instanceof S3ServiceException ? (err.$metadata.httpStatusCode ?? 0) : 0;

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes(err.name);
}

/** Worth another try: throttling, a server error, or the connection failing or timing out. */
function retryable(err: unknown): boolean {
  if (err instanceof S3ServiceException)
    return statusOf(err) >= 500 || statusOf(err) === 429 || err.name === 'SlowDown';
  return err instanceof Error;
}

function asS3Error(err: unknown): unknown {
  if (!(err instanceof S3ServiceException)) return err;
  return new S3Error(statusOf(err), err.name, err.message);
}

/**
 * An S3-compatible object store (AWS S3, MinIO, Aliyun OSS through its S3 API) through the official
 * client (`@aws-sdk/client-s3`): retries with backoff, connection and request timeouts, path-style or
 * virtual-hosted buckets, any endpoint. Uploads stream with a known length, reads stream back, browsers
 * upload with a presigned POST (`@aws-sdk/s3-presigned-post`) limited to their directory and size.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  /** No retries: for bodies that are streams, which cannot be read a second time. */
  private readonly onceClient: S3Client;
  /** The same settings, only for presigned POST forms, whose clock follows `now` (see uploadCredentials). */
  private readonly formClient: S3Client;
  private readonly base: URL;

  constructor(
    private readonly opts: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
    const settings = {
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      maxAttempts: opts.maxAttempts ?? S3_DEFAULTS.maxAttempts,
      retryMode: 'standard',
      requestHandler: {
        connectionTimeout: opts.connectTimeoutMs ?? S3_DEFAULTS.connectTimeoutMs,
        requestTimeout: opts.requestTimeoutMs ?? S3_DEFAULTS.requestTimeoutMs,
        // A store that stops answering fails the request (and the retry strategy tries again).
        throwOnRequestTimeout: true,
      },
      // Checksums only where S3 requires them: MinIO, OSS and s3rver do not all take the
      // aws-chunked trailing checksums the SDK adds by default to streamed uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } as const;
    this.client = new S3Client(settings);
    this.onceClient = new S3Client({ ...settings, maxAttempts: 1 });
    this.formClient = new S3Client(settings);
  }

  /** Origin and path of a key (or of the bucket when key is ''), addressed as the client addresses it. */
  private location(key: string): URL {
    const { bucket, forcePathStyle } = this.opts;
    const basePath = this.base.pathname.replace(/\/$/, '');
    if (forcePathStyle) return new URL(`${this.base.origin}${basePath}/${bucket}/${encodeKey(key)}`);
    const host = `${bucket}.${this.base.host}`;
    return new URL(`${this.base.protocol}//${host}${basePath}/${encodeKey(key)}`);
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string; size?: number } = {}) {
    if (!isValidObjectKey(key)) throw new StorageNotFoundError(key);
    let size = Buffer.isBuffer(body) ? body.length : opts.size;
    const source: Readable | Buffer = body;
    let spooled: string | null = null;
    if (size === undefined) {
      // S3 needs the length up front: spool an unsized stream to a temporary file (never to memory).
      spooled = path.join(os.tmpdir(), `robot-ads-s3-${randomUUID()}`);
      await pipeline(body as Readable, fs.createWriteStream(spooled));
      size = (await fsp.stat(spooled)).size;
    }
    const contentType = opts.contentType ?? 'application/octet-stream';
    const send = (client: S3Client, payload: Readable | Buffer) =>
      client.send(
        new PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          Body: payload,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    try {
      if (Buffer.isBuffer(source)) await send(this.client, source);
      else if (!spooled) await send(this.onceClient, source);
      else {
        // A spooled file is read again from its start for each try.
        const attempts = this.opts.maxAttempts ?? S3_DEFAULTS.maxAttempts;
        for (let attempt = 1; ; attempt++) {
          try {
            await send(this.onceClient, fs.createReadStream(spooled));
            break;
          } catch (err) {
            if (attempt >= attempts || !retryable(err)) throw err;
            await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt * Math.random()));
          }
        }
      }
    } catch (err) {
      throw asS3Error(err);
    } finally {
      if (spooled) await fsp.rm(spooled, { force: true });
    }
    return { size, contentType: opts.contentType ?? null };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw asS3Error(err);
    }
  }

  async readRange(key: string, offset: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    let res: GetObjectCommandOutput;
    try {
      res = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
      );
    } catch (err) {
      // A range starting past the end of the object.
      if (statusOf(err) === 416 || (err instanceof S3ServiceException && err.name === 'InvalidRange')) {
        return Buffer.alloc(0);
      }
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw asS3Error(err);
    }
    const data = await readAllBuffer(res.Body as Readable);
    // A server that ignores Range sends the whole object (no Content-Range).
    return res.ContentRange ? data.subarray(0, length) : data.subarray(offset, offset + length);
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw asS3Error(err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw asS3Error(err);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (err) {
      throw asS3Error(err);
    }
    return keys.sort();
  }

  /**
   * A presigned GET link (`@aws-sdk/s3-request-presigner`), dated by the product's clock (`now`) so a
   * link expires on the same clock as everything else the product dates.
   */
  signedDownloadUrl(key: string, opts: { expiresInSeconds?: number; fileName?: string } = {}): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        ...(opts.fileName
          ? { ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(opts.fileName)}` }
          : {}),
      }),
      { expiresIn: opts.expiresInSeconds ?? 3600, signingDate: this.now() },
    );
  }

  async uploadCredentials(opts: {
    dir: string;
    expiresInSeconds: number;
    maxBytes: number;
    now: Date;
  }): Promise<UploadCredentials> {
    // The form is dated at `now` (the product's clock). createPresignedPost reads the client's clock
    // offset before its first await, and this client serves nothing else.
    this.formClient.config.systemClockOffset = opts.now.getTime() - Date.now();
    const post = await createPresignedPost(this.formClient, {
      Bucket: this.opts.bucket,
      // `${filename}` makes the key condition `starts-with dir/`; the browser names the key itself.
      Key: `${opts.dir}/\${filename}`,
      Conditions: [
        ['starts-with', '$Content-Type', ''],
        ['content-length-range', 1, opts.maxBytes],
      ],
      Expires: opts.expiresInSeconds,
    });
    // The browser adds key, Content-Type and the file after these fields.
    const { key: _key, ...fields } = post.fields as Record<string, string>;
    const policy = fields.Policy ?? '';
    const expiresAt = Math.floor(opts.now.getTime() / 1000) + opts.expiresInSeconds;
    return {
      Expiration: new Date(expiresAt * 1000).toISOString(),
      AccessKeyId: this.opts.accessKeyId,
      // The browser never gets the account's secret: this is the signature of its own upload policy.
      AccessKeySecret: fields['X-Amz-Signature'] ?? '',
      SecurityToken: policy,
      region: this.opts.region,
      bucket: this.opts.bucket,
      dir: opts.dir,
      provider: 's3',
      expiresAt,
      maxBytes: opts.maxBytes,
      upload: { method: 'POST', url: this.location('').toString().replace(/\/$/, ''), fields },
    };
  }

  /** Creates the bucket when it is missing (tests and first start against an empty MinIO). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
      return;
    } catch (err) {
      if (!isMissing(err)) throw asS3Error(err);
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.opts.bucket }));
    } catch (err) {
      throw asS3Error(err);
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
    this.onceClient.destroy();
    this.formClient.destroy();
  }
}

async function readAllBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
