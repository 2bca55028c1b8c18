import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

/** The local driver's signing secret: STORAGE_SECRET, else one generated once and kept in DATA_DIR. */
function localSecret(config: Config): string {
  if (config.STORAGE_SECRET) return config.STORAGE_SECRET;
  const file = path.join(config.dataDir, 'storage-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not generated yet.
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The storage chosen by configuration (STORAGE_DRIVER). */
export function createStorage(config: Config, now: () => Date = () => new Date()): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage(
      {
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET!,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        maxAttempts: config.S3_MAX_ATTEMPTS,
        connectTimeoutMs: config.S3_CONNECT_TIMEOUT_MS,
        requestTimeoutMs: config.S3_REQUEST_TIMEOUT_MS,
      },
      now,
    );
  }
  const publicBase = config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/$/, '') : '';
  return new LocalStorage(path.join(config.dataDir, 'storage'), localSecret(config), publicBase, now);
}
