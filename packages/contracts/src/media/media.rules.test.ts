import { describe, expect, it } from 'vitest';
import { checkAdMaterials, screensFromMaterials } from '../ads/ads.rules';
import {
  checkBatch,
  checkDeclaredFile,
  checkFileFacts,
  checkQrImage,
  MB,
  readImageSize,
  readMp4Info,
  sniffType,
} from './media.rules';
import { credentialsNeedRefresh } from './media.schemas';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

function box(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(bytes(type), 4);
  out.set(body, 8);
  return out;
}
const concat = (...arrays: Uint8Array[]) => {
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let o = 0;
  for (const a of arrays) {
    out.set(a, o);
    o += a.length;
  }
  return out;
};

/** A minimal mp4: ftyp, mdat, then moov with mvhd (timescale, duration) and a track header (width x height). */
function mp4(timescale: number, duration: number, width: number, height: number): Uint8Array {
  const mvhd = new Uint8Array(100);
  new DataView(mvhd.buffer).setUint32(12, timescale);
  new DataView(mvhd.buffer).setUint32(16, duration);
  const tkhd = new Uint8Array(84);
  new DataView(tkhd.buffer).setUint32(76, width * 65536);
  new DataView(tkhd.buffer).setUint32(80, height * 65536);
  return concat(
    box('ftyp', bytes('isom', [0, 0, 2, 0], 'isomiso2avc1mp41')),
    box('mdat', new Uint8Array(1000)),
    box('moov', concat(box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))),
  );
}

const reader = (data: Uint8Array) => async (offset: number, length: number) => data.subarray(offset, offset + length);

describe('sniffing', () => {
  it('knows each accepted type by its magic bytes', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ext: 'jpg', kind: 'picture' });
    expect(sniffType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ ext: 'png', kind: 'picture' });
    expect(sniffType(mp4(1000, 15000, 1080, 1920))).toEqual({ ext: 'mp4', kind: 'video' });
    expect(sniffType(bytes('%PDF-1.7'))).toEqual({ ext: 'pdf', kind: 'pdf' });
    expect(sniffType(bytes('  <!DOCTYPE html><html>'))).toEqual({ ext: 'html', kind: 'html' });
    expect(sniffType(bytes([0x50, 0x4b, 3, 4], 'xxxx[Content_Types].xml ppt/slides/slide1.xml'))).toEqual({
      ext: 'pptx',
      kind: 'ppt',
    });
  });

  it('knows nothing of executables, plain archives, QuickTime or plain text', () => {
    expect(sniffType(bytes([0x7f], 'ELF', [2, 1, 1]))).toBeNull();
    expect(sniffType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffType(bytes([0x50, 0x4b, 3, 4], 'word/document.xml'))).toBeNull();
    expect(sniffType(bytes([0, 0, 0, 20], 'ftypqt  '))).toBeNull();
    expect(sniffType(bytes('hello world'))).toBeNull();
  });
});

describe('reading sizes and lengths from bytes', () => {
  it('reads an mp4 length and frame size from its boxes', async () => {
    const file = mp4(90000, 90000 * 15, 1080, 1920);
    expect(await readMp4Info(reader(file), file.length)).toEqual({ durationMs: 15000, width: 1080, height: 1920 });
  });

  it('reads a PNG and a JPEG frame header', () => {
    const png = new Uint8Array(24);
    png.set(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR'));
    new DataView(png.buffer).setUint32(16, 1080);
    new DataView(png.buffer).setUint32(20, 600);
    expect(readImageSize(png, 'png')).toEqual({ width: 1080, height: 600 });
    const jpg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x05, 0x28, 0x04, 0x38, 3, 0, 0]);
    expect(readImageSize(jpg, 'jpg')).toEqual({ width: 1080, height: 1320 });
  });
});

describe('upload rules', () => {
  it('takes at most 50 files and 200MB per batch', () => {
    expect(checkBatch(Array(50).fill({ size: 1 }))).toBeNull();
    expect(checkBatch(Array(51).fill({ size: 1 }))?.code).toBe('UPLOAD_BATCH_TOO_MANY');
    expect(checkBatch([{ size: 100 * MB }, { size: 100 * MB }])).toBeNull();
    expect(checkBatch([{ size: 100 * MB }, { size: 100 * MB + 1 }])?.code).toBe('UPLOAD_BATCH_TOO_LARGE');
  });

  it('checks a file by its name and size before reading it', () => {
    expect(checkDeclaredFile({ name: 'a.exe', size: 10 }, { template: 1, slot: 1 })?.code).toBe(
      'UPLOAD_TYPE_UNSUPPORTED',
    );
    expect(checkDeclaredFile({ name: 'a.mp4', size: 20 * MB }, { template: 1, slot: 1 })).toBeNull();
    expect(checkDeclaredFile({ name: 'a.mp4', size: 20 * MB + 1 }, { template: 1, slot: 1 })?.code).toBe(
      'UPLOAD_TOO_LARGE',
    );
    expect(checkDeclaredFile({ name: 'a.pdf', size: 100 * MB + 1 }, { template: 1, slot: 1 })?.code).toBe(
      'UPLOAD_TOO_LARGE',
    );
    expect(checkDeclaredFile({ name: 'a.png', size: 10 }, { template: 2, slot: 1 })?.code).toBe(
      'UPLOAD_TYPE_UNSUPPORTED',
    );
    expect(checkDeclaredFile({ name: 'a.png', size: 10 }, { template: 3, slot: 1 })?.code).toBe('UPLOAD_SLOT_UNKNOWN');
  });

  it('checks the pixel size and the video length of a slot', () => {
    const video = { ext: 'mp4', kind: 'video' } as const;
    const facts = (durationMs: number, width = 1080, height = 1320) => ({
      name: 'v.mp4',
      size: MB,
      sniffed: video,
      width,
      height,
      durationMs,
    });
    expect(checkFileFacts(facts(9000), { template: 2, slot: 2 })).toBeNull();
    expect(checkFileFacts(facts(11000), { template: 2, slot: 2 })).toBeNull();
    expect(checkFileFacts(facts(8999), { template: 2, slot: 2 })?.code).toBe('UPLOAD_VIDEO_DURATION');
    expect(checkFileFacts(facts(11001), { template: 2, slot: 2 })?.code).toBe('UPLOAD_VIDEO_DURATION');
    expect(checkFileFacts(facts(10000, 1080, 1321), { template: 2, slot: 2 })?.code).toBe('UPLOAD_PIXELS_MISMATCH');
  });

  it('takes QR images of jpg/jpeg/png/bmp up to 2MB', () => {
    const png = { ext: 'png', kind: 'picture' } as const;
    expect(checkQrImage({ name: 'qr.png', size: 2 * MB, sniffed: png })).toBeNull();
    expect(checkQrImage({ name: 'qr.png', size: 2 * MB + 1, sniffed: png })?.code).toBe('UPLOAD_TOO_LARGE');
    expect(checkQrImage({ name: 'qr.pdf', size: 10, sniffed: { ext: 'pdf', kind: 'pdf' } })?.code).toBe(
      'UPLOAD_TYPE_UNSUPPORTED',
    );
  });

  it('refetches upload credentials when fewer than 3300 s remain', () => {
    const now = 1_000_000_000_000;
    expect(credentialsNeedRefresh(null, now)).toBe(true);
    expect(credentialsNeedRefresh({ expiresAt: now / 1000 + 3600 }, now)).toBe(false);
    expect(credentialsNeedRefresh({ expiresAt: now / 1000 + 3300 }, now)).toBe(false);
    expect(credentialsNeedRefresh({ expiresAt: now / 1000 + 3299 }, now)).toBe(true);
  });
});

describe('ad materials', () => {
  const m = (id: string, kind: 'picture' | 'video', template = 1, slot = 1) => ({ id, name: id, kind, template, slot });
  it('arranges template 2 materials in banner + main screens', () => {
    const screens = screensFromMaterials([m('b', 'picture', 2, 1), m('v', 'video', 2, 2)]);
    expect(screens.map((s) => s.map((x) => x.id))).toEqual([['b', 'v']]);
    expect(checkAdMaterials('video', screens)).toBeNull();
  });
  it('takes at most 15 materials of the ad kind', () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => [m(`p${i}`, 'picture')]);
    expect(checkAdMaterials('picture', fifteen)).toBeNull();
    expect(checkAdMaterials('picture', [...fifteen, [m('x', 'picture')]])?.code).toBe('AD_MATERIALS_MAX');
    expect(checkAdMaterials('video', [[m('p', 'picture')]])?.code).toBe('AD_MATERIAL_KIND');
    expect(checkAdMaterials('video', [])?.code).toBe('AD_MATERIALS_REQUIRED');
  });
});
