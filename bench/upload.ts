// Upload throughput of a 100 MB file through the local storage driver (multipart POST over HTTP to
// /api/Media/upload, streamed to disk) against a plain file copy on the same disk; the server's
// memory is sampled during the upload to show that the body is streamed, never held whole.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../apps/server/src/app';
import { openPglite } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/platform/config';

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 100) * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-upload-'));
const source = path.join(dataDir, 'source.bin');

// A 100 MB file of varied bytes, written in 1 MB chunks.
{
  const out = fs.openSync(source, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < SIZE / chunk.length; i++) {
    chunk.fill(i % 251);
    fs.writeSync(out, chunk);
  }
  fs.closeSync(out);
}

const database = await openPglite();
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', JOBS: 'false' });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function streamCopy(): Promise<number> {
  const target = path.join(dataDir, `copy-${randomUUID()}.bin`);
  const start = performance.now();
  await pipeline(fs.createReadStream(source), fs.createWriteStream(target));
  const ms = performance.now() - start;
  fs.rmSync(target);
  return ms;
}

async function upload(): Promise<{ ms: number; peakRss: number; baseRss: number }> {
  const creds = await app.ctx.storage.uploadCredentials({
    dir: 'materials/bench',
    expiresInSeconds: 600,
    maxBytes: SIZE,
    now: new Date(),
  });
  const key = `materials/bench/pdf/${randomUUID()}.pdf`;
  const boundary = `bench${randomUUID()}`;
  const fields = { ...creds.upload.fields, key, 'Content-Type': 'application/pdf' };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: creds.upload.url,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + SIZE + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode} ${body}`))));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = fs.createReadStream(source);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
    file.on('error', reject);
  });
  const ms = performance.now() - start;
  clearInterval(sampler);
  const stored = await app.ctx.storage.head(key);
  if (stored?.size !== SIZE) throw new Error(`stored ${stored?.size} bytes, expected ${SIZE}`);
  await app.ctx.storage.delete(key);
  return { ms, peakRss, baseRss };
}

// Warm-up.
await streamCopy();
await upload();

const copies: number[] = [];
const uploads: { ms: number; peakRss: number; baseRss: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  copies.push(await streamCopy());
  uploads.push(await upload());
}
const mb = SIZE / 1024 / 1024;
const copyMs = median(copies);
const uploadMs = median(uploads.map((u) => u.ms));
const rssGrowth = Math.max(...uploads.map((u) => u.peakRss - u.baseRss)) / 1024 / 1024;
console.log(`file size: ${mb} MB, runs: ${RUNS} (medians)`);
console.log(`plain file copy (stream, same disk): ${copyMs.toFixed(0)} ms, ${(mb / (copyMs / 1000)).toFixed(0)} MB/s`);
console.log(
  `upload through the local driver (HTTP multipart -> disk): ${uploadMs.toFixed(0)} ms, ${(mb / (uploadMs / 1000)).toFixed(0)} MB/s`,
);
console.log(`ratio upload/copy throughput: ${(copyMs / uploadMs).toFixed(3)}`);
console.log(
  `server memory during the upload: peak RSS growth ${rssGrowth.toFixed(1)} MB for a ${mb} MB body (streamed, not buffered)`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
