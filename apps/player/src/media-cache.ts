import type { ScheduleMedia } from '@robot-ads/contracts/device-protocol/schedule.schemas';

/**
 * Media files in Cache Storage, keyed by material id and content (checksum or size), never by the signed
 * link (links change and expire; the file does not). A file is stored only after its size and SHA-256
 * check out, so a half-downloaded file never plays.
 */

const CACHE = 'robot-ads-media-v1';

/**
 * Cache Storage exists only in a secure context (https, or localhost). On a plain-http address the
 * player still plays, streaming each file from its signed link, but cannot play offline.
 */
export function isPersistent(): boolean {
  return typeof caches !== 'undefined' && globalThis.isSecureContext !== false;
}

export function cacheKey(media: Pick<ScheduleMedia, 'id' | 'checksum' | 'size'>): string {
  return new URL(`media/${media.id}?v=${media.checksum ?? media.size ?? 0}`, document.baseURI).href;
}

async function hex(buffer: ArrayBuffer): Promise<string> {
  // A view over the bytes (no copy): digest accepts it whichever realm made the buffer.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(buffer));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function has(media: ScheduleMedia): Promise<boolean> {
  if (!isPersistent()) return false;
  const cache = await caches.open(CACHE);
  return (await cache.match(cacheKey(media))) !== undefined;
}

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
  }
}

/** Downloads and stores one file; throws DownloadError (expired = the signed link was refused). */
export async function download(media: ScheduleMedia): Promise<void> {
  // Nothing to keep it in: the file is streamed from its link when it plays.
  if (!isPersistent()) return;
  let response: Response;
  try {
    response = await fetch(media.url, { cache: 'no-store' });
  } catch (error) {
    throw new DownloadError(error instanceof Error ? error.message : String(error), false);
  }
  if (!response.ok)
    throw new DownloadError(`HTTP ${response.status}`, response.status === 401 || response.status === 403);
  const buffer = await response.arrayBuffer();
  if (media.size !== null && buffer.byteLength !== media.size) {
    throw new DownloadError(`size ${buffer.byteLength} is not ${media.size}`, false);
  }
  if (media.checksum && crypto.subtle && (await hex(buffer)) !== media.checksum.toLowerCase()) {
    throw new DownloadError('checksum mismatch', false);
  }
  const type = media.contentType ?? response.headers.get('content-type') ?? 'application/octet-stream';
  const cache = await caches.open(CACHE);
  await cache.put(
    cacheKey(media),
    new Response(buffer, { headers: { 'content-type': type, 'content-length': String(buffer.byteLength) } }),
  );
}

/**
 * An object URL for a cached file (the caller revokes it), or null when it is not cached; without
 * Cache Storage, the signed link itself.
 */
export async function objectUrl(media: ScheduleMedia): Promise<string | null> {
  if (!isPersistent()) return media.url;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(cacheKey(media));
  if (!hit) return null;
  return URL.createObjectURL(await hit.blob());
}

/** Removes files no schedule needs any more. */
export async function prune(keep: ScheduleMedia[]): Promise<void> {
  if (!isPersistent()) return;
  const cache = await caches.open(CACHE);
  const wanted = new Set(keep.map(cacheKey));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

export async function count(): Promise<number> {
  if (!isPersistent()) return 0;
  const cache = await caches.open(CACHE);
  return (await cache.keys()).length;
}
