/**
 * Upload rules shared by the browser (checked before a byte leaves it) and the server (checked again
 * from the stored bytes, never from a file name or a declared type). Spec sections 3, 5 and 9.
 */

export const RESOURCE_KINDS = ['video', 'picture', 'pdf', 'ppt', 'html'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const KB = 1024;
export const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Pictures in general (section 5: "Pictures 2MB"). */
  pictureBytes: 2 * MB,
  /** Pictures for the slots that allow large pictures. */
  largePictureBytes: 15 * MB,
  /** Pictures in slot templates: jpg/jpeg only. */
  slotTemplatePictureBytes: 500 * KB,
  videoBytes: 20 * MB,
  qrBytes: 2 * MB,
  materialBytes: 100 * MB,
  batchFiles: 50,
  batchBytes: 200 * MB,
} as const;

// Section 3: the robot screen sizes (width_height), defined once with the other device vocabulary.
import { SCREEN_RATIOS, type ScreenRatio } from '../devices/devices.rules';

export { SCREEN_RATIOS, type ScreenRatio };

export interface PixelSize {
  width: number;
  height: number;
}

export function parseRatio(ratio: string): PixelSize {
  const [w, h] = ratio.split('_').map(Number);
  return { width: w ?? 0, height: h ?? 0 };
}

export interface SlotKindRule {
  extensions: readonly string[];
  maxBytes: number;
  /** Video length in seconds, inclusive. */
  durationSeconds?: { min: number; max: number };
}

export interface SlotDefinition {
  template: number;
  slot: number;
  /** The exact pixel sizes accepted (the first is the slot's own size). */
  sizes: readonly PixelSize[];
  picture?: SlotKindRule;
  video?: SlotKindRule;
  /** Screen sizes whose pictures may be large (15MB); others use the slot's picture limit. */
  largePictureSizes?: readonly PixelSize[];
}

const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
const SLOT_TEMPLATE_PICTURE_EXTENSIONS = ['jpg', 'jpeg'] as const;

/**
 * Template 1 is the full robot screen (1080x1920, or the other robot screen sizes of section 3);
 * template 2 splits the screen into a 1080x600 banner (slot 1) over a 1080x1320 main area (slot 2).
 * Full-screen videos run 14-16 s, the split-screen video 9-11 s; pictures in the split template are
 * 500K jpg/jpeg; the landscape advertising screens (1920x1080) take large pictures up to 15MB.
 */
export const TEMPLATE_SLOTS: readonly SlotDefinition[] = [
  {
    template: 1,
    slot: 1,
    sizes: SCREEN_RATIOS.map(parseRatio),
    picture: { extensions: PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.pictureBytes },
    video: { extensions: ['mp4'], maxBytes: UPLOAD_LIMITS.videoBytes, durationSeconds: { min: 14, max: 16 } },
    largePictureSizes: [{ width: 1920, height: 1080 }],
  },
  {
    template: 2,
    slot: 1,
    sizes: [{ width: 1080, height: 600 }],
    picture: { extensions: SLOT_TEMPLATE_PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.slotTemplatePictureBytes },
  },
  {
    template: 2,
    slot: 2,
    sizes: [{ width: 1080, height: 1320 }],
    picture: { extensions: SLOT_TEMPLATE_PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.slotTemplatePictureBytes },
    video: { extensions: ['mp4'], maxBytes: UPLOAD_LIMITS.videoBytes, durationSeconds: { min: 9, max: 11 } },
  },
];

export const TEMPLATES = [1, 2] as const;

export function findSlot(template: number, slot: number): SlotDefinition | undefined {
  return TEMPLATE_SLOTS.find((s) => s.template === template && s.slot === slot);
}

/** Extensions each kind accepts (the slot may narrow pictures further). */
export const KIND_EXTENSIONS: Record<ResourceKind, readonly string[]> = {
  video: ['mp4'],
  picture: PICTURE_EXTENSIONS,
  pdf: ['pdf'],
  ppt: ['ppt', 'pptx'],
  html: ['html', 'htm'],
};

export const QR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;

export const ALL_UPLOAD_EXTENSIONS = [...new Set(Object.values(KIND_EXTENSIONS).flat())];

/** MIME types for a sniffed extension (what storage and downloads announce). */
export const MIME_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function kindOfExtension(ext: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((k) => KIND_EXTENSIONS[k].includes(ext));
}

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

/** What the bytes say a file is. */
export interface SniffedType {
  ext: 'mp4' | 'jpg' | 'png' | 'bmp' | 'pdf' | 'ppt' | 'pptx' | 'html';
  kind: ResourceKind;
}

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** How many leading bytes `sniffType` wants to see. */
export const SNIFF_BYTES = 4096;

/**
 * Magic-byte sniffing of the first bytes of a file. Unknown content (executables, archives, text
 * that is not HTML) is null.
 */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', kind: 'picture' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', kind: 'picture' };
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 26) {
    // BM, then a plausible DIB header size.
    const dib = head[14]! | (head[15]! << 8);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return { ext: 'bmp', kind: 'picture' };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    // ISO base media brands of MP4 files (not QuickTime 'qt  ', not 3GP).
    if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |MSNV|mmp4)$/.test(brand)) return { ext: 'mp4', kind: 'video' };
    return null;
  }
  if (ascii(head, 0, 5) === '%PDF-') return { ext: 'pdf', kind: 'pdf' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ext: 'ppt', kind: 'ppt' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip: PowerPoint when its entries are under ppt/ or it announces the presentation type.
    const text = ascii(head, 0, head.length);
    if (text.includes('ppt/') || text.includes('presentationml')) return { ext: 'pptx', kind: 'ppt' };
    return null;
  }
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024));
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(text)) {
    return { ext: 'html', kind: 'html' };
  }
  return null;
}

/** Pixel size from a picture's header bytes (PNG IHDR, JPEG SOFn, BMP DIB); null when not found. */
export function readImageSize(bytes: Uint8Array, ext: string): PixelSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ext === 'png') {
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (ext === 'bmp') {
    if (bytes.length < 26) return null;
    const dib = view.getUint32(14, true);
    if (dib === 12) return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (ext === 'jpg' || ext === 'jpeg') {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      const length = view.getUint16(offset + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      offset += 2 + length;
    }
    return null;
  }
  return null;
}

/** Random access to a file's bytes: a Blob in the browser, a file handle or object storage on the server. */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export interface Mp4Info {
  durationMs: number;
  width: number | null;
  height: number | null;
}

/**
 * Reads an mp4's length from its movie header (moov/mvhd) and the video track's size from its track
 * header (trak/tkhd), walking the box tree with a few small reads: the file is never read whole.
 */
export async function readMp4Info(read: ByteReader, size: number): Promise<Mp4Info | null> {
  async function boxes(from: number, to: number) {
    const found: { type: string; start: number; body: number; end: number }[] = [];
    let offset = from;
    while (offset + 8 <= to && found.length < 10_000) {
      const header = await read(offset, 16);
      if (header.length < 8) break;
      const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
      let boxSize = view.getUint32(0);
      const type = ascii(header, 4, 8);
      let body = offset + 8;
      if (boxSize === 1) {
        if (header.length < 16) break;
        boxSize = Number(view.getBigUint64(8));
        body = offset + 16;
      } else if (boxSize === 0) {
        boxSize = to - offset;
      }
      if (boxSize < 8 || offset + boxSize > to) break;
      found.push({ type, start: offset, body, end: offset + boxSize });
      offset += boxSize;
    }
    return found;
  }
  const top = await boxes(0, size);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return null;
  const inMoov = await boxes(moov.body, moov.end);
  const mvhd = inMoov.find((b) => b.type === 'mvhd');
  if (!mvhd) return null;
  const mv = await read(mvhd.body, 32);
  const mvView = new DataView(mv.buffer, mv.byteOffset, mv.byteLength);
  const version = mv[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    timescale = mvView.getUint32(20);
    duration = Number(mvView.getBigUint64(24));
  } else {
    timescale = mvView.getUint32(12);
    duration = mvView.getUint32(16);
  }
  if (!timescale) return null;
  let width: number | null = null;
  let height: number | null = null;
  for (const trak of inMoov.filter((b) => b.type === 'trak')) {
    const inTrak = await boxes(trak.body, trak.end);
    const tkhd = inTrak.find((b) => b.type === 'tkhd');
    if (!tkhd) continue;
    const tk = await read(tkhd.body, 96);
    const tkView = new DataView(tk.buffer, tk.byteOffset, tk.byteLength);
    const base = tk[0] === 1 ? 88 : 76;
    if (tk.length < base + 8) continue;
    const w = tkView.getUint32(base) / 65536;
    const h = tkView.getUint32(base + 4) / 65536;
    if (w > 0 && h > 0) {
      width = Math.round(w);
      height = Math.round(h);
      break;
    }
  }
  return { durationMs: Math.round((duration / timescale) * 1000), width, height };
}

/** What is known about a file once its bytes were read. */
export interface FileFacts {
  name: string;
  size: number;
  sniffed: SniffedType | null;
  /** Pictures and videos. */
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
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

/**
 * Reads the facts of a file through a reader (used by the browser on a File and by the server on the
 * stored object), so both sides decide from the same bytes with the same code.
 */
export async function readFileFacts(name: string, size: number, read: ByteReader): Promise<FileFacts> {
  const head = await read(0, Math.min(SNIFF_BYTES, size));
  const sniffed = sniffType(head);
  const facts: FileFacts = { name, size, sniffed };
  if (sniffed?.kind === 'picture') {
    let pixels = readImageSize(head, sniffed.ext);
    // A JPEG's frame header may follow large metadata: read on (pictures are at most 15MB).
    if (!pixels && size <= UPLOAD_LIMITS.largePictureBytes) pixels = readImageSize(await read(0, size), sniffed.ext);
    facts.width = pixels?.width ?? null;
    facts.height = pixels?.height ?? null;
  } else if (sniffed?.kind === 'video') {
    const info = await readMp4Info(read, size).catch(() => null);
    facts.durationMs = info?.durationMs ?? null;
    facts.width = info?.width ?? null;
    facts.height = info?.height ?? null;
  }
  return facts;
}
