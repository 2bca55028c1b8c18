import type { Readable } from 'node:stream';

/** What the browser needs to upload straight to storage: a multipart form POST to `url`. */
export interface UploadForm {
  method: 'POST';
  url: string;
  /** Form fields sent before `key`, `Content-Type` and the file (the file goes last). */
  fields: Record<string, string>;
}

/** Section 3 "Upload token", plus the form the browser posts the file with. */
export interface UploadCredentials {
  Expiration: string;
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  region: string;
  bucket: string;
  dir: string;
  provider: 'local' | 's3';
  /** Unix seconds, the same instant as Expiration. */
  expiresAt: number;
  maxBytes: number;
  upload: UploadForm;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
  }
}

/**
 * One interface over where files live: the local disk under DATA_DIR (the embedded default) or an
 * S3-compatible object store. Bodies are streamed in and out, never buffered whole.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string; size?: number }): Promise<StoredObject>;
  /** The whole object, or the inclusive byte range [start, end]. Throws StorageNotFoundError. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Up to `length` bytes from `offset` (fewer at the end of the object). */
  readRange(key: string, offset: number, length: number): Promise<Buffer>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix (tests and clean-up). */
  list(prefix: string): Promise<string[]>;
  /** A link that downloads the object until it expires (dated by the product's clock). */
  signedDownloadUrl(key: string, opts?: { expiresInSeconds?: number; fileName?: string }): Promise<string>;
  /** Short-lived credentials to upload into `dir/` straight from a browser. */
  uploadCredentials(opts: {
    dir: string;
    expiresInSeconds: number;
    maxBytes: number;
    now: Date;
  }): Promise<UploadCredentials>;
}

/** Keys are dir/{type}/{uuid}.{ext}: nothing else is accepted (no '..', no absolute paths). */
export const OBJECT_KEY =
  /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/(video|picture|pdf|ppt|html|qr|thumb|poster)\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function isValidObjectKey(key: string): boolean {
  return OBJECT_KEY.test(key) && !key.includes('..');
}
