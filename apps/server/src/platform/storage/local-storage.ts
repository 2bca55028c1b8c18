import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isValidObjectKey,
  type ObjectStorage,
  StorageNotFoundError,
  type StoredObject,
  type UploadCredentials,
} from './storage';

/** The routes the local driver's signed links point at (served by the media module). */
export const LOCAL_UPLOAD_PATH = '/api/Media/upload';
export const LOCAL_FILE_PATH = '/api/Media/file/';

export interface UploadPolicy {
  dir: string;
  /** Unix seconds. */
  exp: number;
  max: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/**
 * Files under a folder of the local disk (DATA_DIR/storage). Browsers upload with an HMAC-signed
 * policy (directory, expiry, size limit) to our own upload route, which streams to disk; downloads
 * are links signed over the key and the expiry.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;

  constructor(
    readonly root: string,
    private readonly secret: string,
    /** Absolute base of links (PUBLIC_URL), or '' for same-origin links. */
    private readonly publicBase: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!isValidObjectKey(key)) throw new StorageNotFoundError(key);
    return path.join(this.root, ...key.split('/'));
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a reader never sees half a file.
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const stat = await fsp.stat(target);
    return { size: stat.size, contentType: opts.contentType ?? null };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async readRange(key: string, offset: number, length: number): Promise<Buffer> {
    const handle = await fsp.open(this.pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    });
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size, contentType: null } : null;
    } catch (err) {
      if (err instanceof StorageNotFoundError || (err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fsp.rm(this.pathOf(key), { force: true });
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = path.join(this.root, ...prefix.split('/').filter(Boolean));
    const keys: string[] = [];
    const walk = async (dir: string) => {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith('.part')) keys.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(base);
    return keys.sort();
  }

  async signedDownloadUrl(key: string, opts: { expiresInSeconds?: number; fileName?: string } = {}): Promise<string> {
    const expires = Math.floor(this.now().getTime() / 1000) + (opts.expiresInSeconds ?? 3600);
    const signature = this.sign(`GET\n${key}\n${expires}`);
    const query = new URLSearchParams({ expires: String(expires), signature });
    if (opts.fileName) query.set('name', opts.fileName);
    return `${this.publicBase}${LOCAL_FILE_PATH}${key}?${query}`;
  }

  /** True when a download link's signature matches its key and it has not expired. */
  verifyDownload(key: string, expires: string, signature: string, now: Date): boolean {
    const exp = Number(expires);
    if (!Number.isInteger(exp) || exp < Math.floor(now.getTime() / 1000)) return false;
    return this.same(signature, this.sign(`GET\n${key}\n${exp}`));
  }

  async uploadCredentials(opts: {
    dir: string;
    expiresInSeconds: number;
    maxBytes: number;
    now: Date;
  }): Promise<UploadCredentials> {
    const exp = Math.floor(opts.now.getTime() / 1000) + opts.expiresInSeconds;
    const policy = b64url(JSON.stringify({ dir: opts.dir, exp, max: opts.maxBytes } satisfies UploadPolicy));
    const signature = this.sign(`POST\n${policy}`);
    return {
      Expiration: new Date(exp * 1000).toISOString(),
      AccessKeyId: 'local',
      AccessKeySecret: signature,
      SecurityToken: policy,
      region: 'local',
      bucket: 'local',
      dir: opts.dir,
      provider: 'local',
      expiresAt: exp,
      maxBytes: opts.maxBytes,
      upload: { method: 'POST', url: `${this.publicBase}${LOCAL_UPLOAD_PATH}`, fields: { policy, signature } },
    };
  }

  /** The policy of an upload form when its signature is ours and it has not expired; else null. */
  verifyUploadPolicy(policy: string, signature: string, now: Date): UploadPolicy | null {
    if (!policy || !signature || !this.same(signature, this.sign(`POST\n${policy}`))) return null;
    try {
      const parsed = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as UploadPolicy;
      if (typeof parsed.exp !== 'number' || parsed.exp < Math.floor(now.getTime() / 1000)) return null;
      return parsed;
    } catch {
      return null;
    }
  }
}
