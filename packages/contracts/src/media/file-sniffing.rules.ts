/**
 * What a file's bytes say it is: magic-byte type, picture pixel size, MP4 length and size, read the
 * same way by the browser (a File) and the server (the stored object).
 */
import { type PixelSize, type ResourceKind, UPLOAD_LIMITS } from './upload-slots.rules';

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
