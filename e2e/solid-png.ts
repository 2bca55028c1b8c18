import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG of one colour, encoded here with zlib (synchronous, in this process). The end-to-end workers used
 * sharp for these pictures: once, on a loaded CI machine, its call never returned, the test timed out and the
 * worker could not be stopped (Playwright counts that as an error of the run, retry or not).
 */
export function solidPng(width: number, height: number, rgb: { r: number; g: number; b: number }): Buffer {
  const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then RGB triples
  for (let x = 0; x < width; x++) row.set([rgb.r, rgb.g, rgb.b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
