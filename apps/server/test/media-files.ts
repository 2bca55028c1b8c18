import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { demoPptx } from '../src/modules/resources/demo-pptx';
import { bearer } from './auth';
import type { TestApp } from './build-app';

/** Real files for upload tests, made with sharp and ffmpeg (cached across runs in the temp folder). */
const CACHE = path.join(os.tmpdir(), 'robot-ads-test-media');
fs.mkdirSync(CACHE, { recursive: true });

export async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
  color = { r: 53, g: 116, b: 247 },
): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: color } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80 }).toBuffer();
}

/** A 24-bit BMP (sharp does not write BMP). */
export function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + row * height;
  const buf = Buffer.alloc(size, 0x80);
  buf.write('BM', 0, 'ascii');
  buf.writeUInt32LE(size, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(row * height, 34);
  return buf;
}

/** The file grown to exactly `size` bytes with trailing padding (readers stop at the image's end). */
export function padTo(file: Buffer, size: number): Buffer {
  if (file.length > size) throw new Error(`file is already ${file.length} bytes, more than ${size}`);
  return Buffer.concat([file, Buffer.alloc(size - file.length)]);
}

/** A real H.264 mp4 of the given length and size (ffmpeg), cached by its parameters. */
export function video(seconds: number, width: number, height: number): Buffer {
  const file = path.join(CACHE, `v-${seconds}-${width}x${height}.mp4`);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp.mp4`;
    execFileSync(
      process.env.FFMPEG_PATH ?? 'ffmpeg',
      [
        ...['-v', 'error', '-y', '-f', 'lavfi'],
        ...['-i', `testsrc2=s=${width}x${height}:d=${seconds}:r=10`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '100k', '-pix_fmt', 'yuv420p', tmp],
      ],
      { stdio: 'ignore' },
    );
    fs.renameSync(tmp, file);
  }
  return fs.readFileSync(file);
}

/** A Linux executable header: the kind of file that must never pass as a picture. */
export function executable(): Buffer {
  const buf = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(buf);
  return buf;
}

export function windowsExecutable(): Buffer {
  const buf = Buffer.alloc(4096);
  buf.write('MZ', 0, 'ascii');
  buf.write('This program cannot be run in DOS mode.', 78, 'ascii');
  return buf;
}

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const html = () => Buffer.from('<!DOCTYPE html><html><body><h1>Lucky Coffee</h1></body></html>');
/** A real PowerPoint (.pptx) file. */
export const pptx = () => demoPptx('Test', 'One slide');

/** An OLE2 compound file header (a .ppt). */
export const ppt = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048)]);

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) {
  const boundary = `----robotads${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadTarget {
  kind?: string;
  template?: number;
  slot?: number;
  purpose?: string;
}

/**
 * Uploads as the browser does: credentials from GET /api/Media/oss, the file posted with that form to
 * storage (our upload route for the local driver, the S3 server's POST for s3), then POST /api/Media.
 * Returns the answer of POST /api/Media.
 */
export async function uploadAndRegister(
  t: TestApp,
  token: string,
  name: string,
  data: Buffer,
  target: UploadTarget = {},
  headers: Record<string, string> = {},
) {
  const key = await uploadOnly(t, token, name, data, 'picture', target.purpose === 'licence' ? 'licence' : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/Media',
    headers: { ...bearer(token), ...headers },
    payload: { key, name, ...target },
  });
}

/** Uploads to storage only; returns the object key. */
export async function uploadOnly(
  t: TestApp,
  token: string,
  name: string,
  data: Buffer,
  type = 'picture',
  purpose?: 'licence',
) {
  const url = purpose ? `/api/Media/oss?purpose=${purpose}` : '/api/Media/oss';
  const oss = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  if (oss.statusCode !== 200) throw new Error(`oss: ${oss.body}`);
  const creds = oss.json().data;
  const ext = name.includes('.')
    ? name
        .split('.')
        .pop()!
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '') || 'bin'
    : 'bin';
  const key = `${creds.dir}/${type}/${crypto.randomUUID()}.${ext.length >= 2 ? ext.slice(0, 5) : 'bin'}`;
  const fields = { ...creds.upload.fields, key, 'Content-Type': 'application/octet-stream' };
  if (creds.provider === 'local') {
    const { body, contentType } = multipart(fields, { name, data, type: 'application/octet-stream' });
    const res = await t.app.inject({
      method: 'POST',
      url: creds.upload.url,
      headers: { 'content-type': contentType },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v as string);
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(creds.upload.url, { method: 'POST', body: form });
    if (res.status >= 300) throw new Error(`s3 upload: ${res.status} ${await res.text()}`);
  }
  return key;
}

/** Upload, register and create a material; returns the material. */
export async function createMaterial(
  t: TestApp,
  token: string,
  name: string,
  data: Buffer,
  target: UploadTarget = {},
  extra: Record<string, unknown> = {},
) {
  const reg = await uploadAndRegister(t, token, name, data, target);
  if (reg.statusCode !== 200) throw new Error(`register ${name}: ${reg.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Resources',
    headers: bearer(token),
    payload: { mediaId: reg.json().data.id, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`resource ${name}: ${res.body}`);
  return res.json().data as { id: string; name: string; kind: string; mdpath: string; duration: number };
}
