import type { Ok } from '@robot-ads/contracts/common/envelope';
import { messageFor } from '@robot-ads/contracts/common/errors';
import {
  checkDeclaredFile,
  checkFileFacts,
  type Refusal,
  type ResourceKind,
  readFileFacts,
  type UploadTarget,
} from '@robot-ads/contracts/media/media.rules';
import {
  credentialsNeedRefresh,
  type MediaDto,
  type UploadCredentials,
} from '@robot-ads/contracts/media/media.schemas';
import type { ResourceDto } from '@robot-ads/contracts/resources/resources.schemas';
import { ApiError, api } from './api-client';
import { lang } from './i18n';
import { sessionStore } from './session';

const CACHE_KEY = 'robot-ads-upload-credentials';

interface CachedCredentials {
  token: string | null;
  creds: UploadCredentials;
}

/**
 * Upload credentials from GET /api/Media/oss, cached in session storage and fetched again when fewer
 * than 3300 s of their hour remain (section 9), or when another user logged in.
 */
export async function uploadCredentials(
  now = Date.now(),
  purpose: 'material' | 'licence' = 'material',
): Promise<UploadCredentials> {
  const token = sessionStore.get().token;
  try {
    const cached = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? 'null') as CachedCredentials | null;
    if (cached && cached.token === token && !credentialsNeedRefresh(cached.creds, now)) return cached.creds;
  } catch {
    // A damaged cache is fetched again.
  }
  // A licence picture may be uploaded by an advertiser without the DIY flag: its credentials are asked as such.
  const creds = await api.get<Ok<UploadCredentials>>(
    purpose === 'licence' ? '/api/Media/oss?purpose=licence' : '/api/Media/oss',
  );
  sessionStorage.setItem(CACHE_KEY, JSON.stringify({ token, creds } satisfies CachedCredentials));
  return creds;
}

export function refusalText(refusal: Refusal): string {
  return messageFor(refusal.code, lang(), refusal.params);
}

/** The checks of the shared rules, done on the file in the browser before any byte is sent. */
export async function checkInBrowser(
  file: File,
  target: UploadTarget,
): Promise<{ refusal: Refusal | null; kind?: ResourceKind; ext?: string }> {
  const declared = checkDeclaredFile(file, target);
  if (declared) return { refusal: declared };
  const facts = await readFileFacts(
    file.name,
    file.size,
    async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
  );
  return { refusal: checkFileFacts(facts, target), kind: facts.sniffed?.kind, ext: facts.sniffed?.ext };
}

export class UploadCanceled extends Error {
  constructor() {
    super(messageFor('UPLOAD_CANCELED', lang()));
  }
}

/** Posts one file straight to storage with the credentials' form, reporting progress; abortable. */
export function sendToStorage(
  file: File,
  key: string,
  creds: UploadCredentials,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(creds.upload.fields)) form.append(name, value);
    form.append('key', key);
    form.append('Content-Type', file.type || 'application/octet-stream');
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', creds.upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let text = messageFor('UPLOAD_FAILED', lang());
      try {
        const body = JSON.parse(xhr.responseText) as { msg?: string };
        if (body.msg) text = body.msg;
      } catch {
        // S3 answers in XML: keep the plain message.
      }
      reject(new ApiError('UPLOAD_FAILED', text, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('UPLOAD_FAILED', messageFor('UPLOAD_FAILED', lang()), 0));
    xhr.onabort = () => reject(new UploadCanceled());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    if (signal.aborted) {
      reject(new UploadCanceled());
      return;
    }
    xhr.send(form);
  });
}

/** After the upload: the server checks the stored bytes and registers the file, then makes the material. */
export async function registerMaterial(key: string, file: File, target: UploadTarget): Promise<ResourceDto> {
  const media = await api.post<Ok<MediaDto>>(
    '/api/Media',
    { key, name: file.name, kind: target.kind, template: target.template, slot: target.slot },
    { silent: true },
  );
  return api.post<Ok<ResourceDto>>('/api/Resources', { mediaId: media.id }, { silent: true });
}

/** The text of a failure: the server's own message (it names the file and the rule) when there is one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return messageFor('UPLOAD_FAILED', lang());
}

/** A v4 uuid (crypto.randomUUID needs a secure context; plain-http LAN installs have none). */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The object key of a new upload: dir/{type}/{uuid}.{ext}. */
export function newKey(creds: UploadCredentials, kind: string, ext: string): string {
  return `${creds.dir}/${kind}/${uuid()}.${ext}`;
}
