/**
 * The upload checks: a batch, a file by its name and size, a file by the facts read from its bytes, a
 * QR image. Each refusal is a catalogue code with its message parameters. Spec sections 5 and 9.
 */
import type { FileFacts, SniffedType } from './file-sniffing.rules';
import {
  ALL_UPLOAD_EXTENSIONS,
  extensionOf,
  findSlot,
  KB,
  kindOfExtension,
  MB,
  type PixelSize,
  QR_EXTENSIONS,
  type ResourceKind,
  UPLOAD_LIMITS,
} from './upload-slots.rules';

/** A refusal: a catalogue code and its message parameters (the file's name among them). */
export interface Refusal {
  code: MediaRefusalCode;
  params: Record<string, string | number>;
}

export type MediaRefusalCode =
  | 'UPLOAD_TYPE_UNSUPPORTED'
  | 'UPLOAD_TYPE_MISMATCH'
  | 'UPLOAD_KIND_NOT_IN_SLOT'
  | 'UPLOAD_SLOT_UNKNOWN'
  | 'UPLOAD_TOO_LARGE'
  | 'UPLOAD_EMPTY'
  | 'UPLOAD_PIXELS_MISMATCH'
  | 'UPLOAD_VIDEO_DURATION'
  | 'UPLOAD_UNREADABLE'
  | 'UPLOAD_BATCH_TOO_MANY'
  | 'UPLOAD_BATCH_TOO_LARGE';

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(2))}MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(1))}KB`;
  return `${bytes}B`;
}

const refuse = (code: MediaRefusalCode, params: Record<string, string | number>): Refusal => ({ code, params });

/** Section 5: at most 50 files at once and 200MB per batch. */
export function checkBatch(files: readonly { size: number }[]): Refusal | null {
  if (files.length > UPLOAD_LIMITS.batchFiles) {
    return refuse('UPLOAD_BATCH_TOO_MANY', { count: files.length, max: UPLOAD_LIMITS.batchFiles });
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > UPLOAD_LIMITS.batchBytes) {
    return refuse('UPLOAD_BATCH_TOO_LARGE', {
      size: formatBytes(total),
      max: formatBytes(UPLOAD_LIMITS.batchBytes),
    });
  }
  return null;
}

export interface UploadTarget {
  /** The kind the user asked for; absent means "whatever the bytes are". */
  kind?: ResourceKind;
  template: number;
  slot: number;
}

const sizeText = (s: PixelSize) => `${s.width}x${s.height}`;

/**
 * The file-name check done before reading anything (the browser's first pass, and the server's guard
 * against obviously wrong registrations): extension known, size within the kind's limit.
 */
export function checkDeclaredFile(file: { name: string; size: number }, target: UploadTarget): Refusal | null {
  const ext = extensionOf(file.name);
  const kind = kindOfExtension(ext);
  if (!kind) return refuse('UPLOAD_TYPE_UNSUPPORTED', { file: file.name, accepted: ALL_UPLOAD_EXTENSIONS.join('/') });
  if (target.kind && kind !== target.kind) {
    return refuse('UPLOAD_TYPE_MISMATCH', { file: file.name, actual: kind, expected: target.kind });
  }
  return checkSize(file.name, file.size, kind, ext, target, null);
}

function checkSize(
  name: string,
  size: number,
  kind: ResourceKind,
  ext: string,
  target: UploadTarget,
  pixels: PixelSize | null,
): Refusal | null {
  if (size <= 0) return refuse('UPLOAD_EMPTY', { file: name });
  if (size > UPLOAD_LIMITS.materialBytes) {
    return refuse('UPLOAD_TOO_LARGE', {
      file: name,
      size: formatBytes(size),
      max: formatBytes(UPLOAD_LIMITS.materialBytes),
      kind,
    });
  }
  if (kind !== 'picture' && kind !== 'video') return null;
  const slot = findSlot(target.template, target.slot);
  if (!slot) return refuse('UPLOAD_SLOT_UNKNOWN', { file: name, template: target.template, slot: target.slot });
  const rule = kind === 'picture' ? slot.picture : slot.video;
  if (!rule) {
    return refuse('UPLOAD_KIND_NOT_IN_SLOT', { file: name, kind, template: target.template, slot: target.slot });
  }
  const normalExt = ext === 'jpeg' ? 'jpg' : ext;
  if (!rule.extensions.some((e) => (e === 'jpeg' ? 'jpg' : e) === normalExt)) {
    return refuse('UPLOAD_TYPE_UNSUPPORTED', { file: name, accepted: rule.extensions.join('/') });
  }
  let max = rule.maxBytes;
  const large = kind === 'picture' && slot.largePictureSizes;
  if (large && (pixels === null || large.some((s) => s.width === pixels.width && s.height === pixels.height))) {
    // Before the pixels are known a large picture may still be allowed; the byte check will tell.
    max = UPLOAD_LIMITS.largePictureBytes;
  }
  if (size > max)
    return refuse('UPLOAD_TOO_LARGE', { file: name, size: formatBytes(size), max: formatBytes(max), kind });
  return null;
}

/** The full check from what the bytes say: type, size, pixel size and video length for the slot. */
export function checkFileFacts(facts: FileFacts, target: UploadTarget): Refusal | null {
  const { name, sniffed } = facts;
  if (!sniffed) return refuse('UPLOAD_TYPE_UNSUPPORTED', { file: name, accepted: ALL_UPLOAD_EXTENSIONS.join('/') });
  if (target.kind && sniffed.kind !== target.kind) {
    return refuse('UPLOAD_TYPE_MISMATCH', { file: name, actual: sniffed.kind, expected: target.kind });
  }
  // The name must not claim another type than the content (a renamed executable, a png named .jpg).
  const declaredExt = extensionOf(name);
  const declaredKind = kindOfExtension(declaredExt);
  const sameFamily =
    declaredExt === sniffed.ext ||
    (sniffed.ext === 'jpg' && declaredExt === 'jpeg') ||
    (sniffed.ext === 'html' && declaredExt === 'htm') ||
    (sniffed.kind === 'ppt' && declaredKind === 'ppt');
  if (!sameFamily) {
    return refuse('UPLOAD_TYPE_MISMATCH', { file: name, actual: sniffed.ext, expected: declaredExt || '-' });
  }
  const pixels =
    facts.width && facts.height && (sniffed.kind === 'picture' || sniffed.kind === 'video')
      ? { width: facts.width, height: facts.height }
      : null;
  if ((sniffed.kind === 'picture' || sniffed.kind === 'video') && !pixels) {
    return refuse('UPLOAD_UNREADABLE', { file: name });
  }
  const sizeRefusal = checkSize(name, facts.size, sniffed.kind, declaredExt, target, pixels);
  if (sizeRefusal) return sizeRefusal;
  if (sniffed.kind !== 'picture' && sniffed.kind !== 'video') return null;
  const slot = findSlot(target.template, target.slot)!;
  if (pixels && !slot.sizes.some((s) => s.width === pixels.width && s.height === pixels.height)) {
    return refuse('UPLOAD_PIXELS_MISMATCH', {
      file: name,
      actual: sizeText(pixels),
      expected: slot.sizes.map(sizeText).join(' / '),
    });
  }
  if (sniffed.kind === 'video') {
    const range = slot.video?.durationSeconds;
    if (facts.durationMs == null) return refuse('UPLOAD_UNREADABLE', { file: name });
    if (range && (facts.durationMs < range.min * 1000 || facts.durationMs > range.max * 1000)) {
      return refuse('UPLOAD_VIDEO_DURATION', {
        file: name,
        actual: Number((facts.durationMs / 1000).toFixed(2)),
        min: range.min,
        max: range.max,
      });
    }
  }
  return null;
}

/** QR images: jpg/jpeg/png/bmp, at most 2MB (checked from the bytes on the server). */
export function checkQrImage(facts: { name: string; size: number; sniffed: SniffedType | null }): Refusal | null {
  const ext = extensionOf(facts.name);
  if (facts.sniffed?.kind !== 'picture' || !(QR_EXTENSIONS as readonly string[]).includes(ext)) {
    return refuse('UPLOAD_TYPE_UNSUPPORTED', { file: facts.name, accepted: QR_EXTENSIONS.join('/') });
  }
  const sameType = ext === facts.sniffed.ext || (ext === 'jpeg' && facts.sniffed.ext === 'jpg');
  if (!sameType) return refuse('UPLOAD_TYPE_MISMATCH', { file: facts.name, actual: facts.sniffed.ext, expected: ext });
  if (facts.size > UPLOAD_LIMITS.qrBytes) {
    return refuse('UPLOAD_TOO_LARGE', {
      file: facts.name,
      size: formatBytes(facts.size),
      max: formatBytes(UPLOAD_LIMITS.qrBytes),
      kind: 'QR',
    });
  }
  return null;
}
