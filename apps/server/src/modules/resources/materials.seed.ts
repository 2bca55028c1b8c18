import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { newId } from '@robot-ads/contracts/common/ids';
import sharp from 'sharp';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { Seeder } from '../../platform/seeding';
import { accountsByUsernames } from '../accounts/accounts.queries';
import { type DemoFile, storeDemoFile } from '../media/media.queries';
import { demoPptx } from './demo-pptx';
import { STILL_DURATION_MS } from './resources.service';
import { resources } from './resources.table';

const run = promisify(execFile);

/** A poster in SVG (rendered by sharp at the exact slot size). */
function poster(width: number, height: number, title: string, subtitle: string, from: string, to: string): Buffer {
  const big = Math.round(width / 9);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width / 2}" cy="${height * 0.4}" r="${Math.min(width, height) / 4}" fill="#ffffff" fill-opacity="0.18"/>
  <text x="50%" y="${height * 0.42}" font-family="sans-serif" font-size="${big}" font-weight="bold" fill="#fff" text-anchor="middle">${title}</text>
  <text x="50%" y="${height * 0.42 + big * 1.1}" font-family="sans-serif" font-size="${Math.round(big / 2.2)}" fill="#fff" text-anchor="middle">${subtitle}</text>
</svg>`);
}

/** A small real PDF with one page of text. */
function pdfFile(title: string): Buffer {
  const content = `BT /F1 28 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A short mp4 made with ffmpeg (a moving gradient, small bitrate), cached under DATA_DIR so that a
 * reseed does not encode again; DEMO_MEDIA_DIR names another cache (the tests share one: every demo seed
 * of a test run encodes the same two videos).
 */
async function demoVideo(ctx: AppContext, seconds: number, width: number, height: number): Promise<Buffer> {
  const dir = process.env.DEMO_MEDIA_DIR || path.join(ctx.config.dataDir, 'demo-media');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `demo-${seconds}s-${width}x${height}.mp4`);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.mp4`;
    await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `gradients=s=${width}x${height}:d=${seconds}:r=10:speed=0.02`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '150k', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', tmp],
    ]);
    fs.renameSync(tmp, file);
  }
  return fs.readFileSync(file);
}

type MaterialFile = DemoFile & { template: number; slot: number };

async function addMaterial(
  tx: Tx,
  ctx: AppContext,
  owner: { id: string; customer: string | null },
  file: MaterialFile,
  now: Date,
): Promise<string> {
  const stored = await storeDemoFile(tx, ctx, owner, { ...file, thumbnail: true }, now);
  const id = newId();
  await tx.insert(resources).values({
    id,
    name: file.name.replace(/\.[^.]+$/, ''),
    kind: stored.kind,
    durationMs: stored.kind === 'video' ? (stored.durationMs ?? 0) : STILL_DURATION_MS,
    mediaId: stored.id,
    reLocation: stored.kind === 'video' ? '' : 'bf',
    template: file.template,
    slot: file.slot,
    ownerId: owner.id,
    customerId: owner.customer,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * Materials of every kind with real files (pictures at the slot sizes, 10 s and 15 s videos); the ads
 * seeder (ads module) builds the demo ads from them.
 */
export const materialsSeeder: Seeder = {
  name: 'materials',
  async run(tx, { app, now }) {
    const users = await accountsByUsernames(tx, ['adv', 'ops']);
    const adv = users.get('adv');
    const ops = users.get('ops');
    if (!adv || !ops) return;
    const jpeg = (svg: Buffer, quality = 80) => sharp(svg).jpeg({ quality }).toBuffer();
    const png = (svg: Buffer) => sharp(svg).png().toBuffer();
    const brown = ['#6F4E37', '#C8A27A'] as const;
    // Without ffmpeg (a bare machine) the demo still loads, without its videos.
    const videos = await Promise.all([demoVideo(app, 15, 1080, 1920), demoVideo(app, 10, 1080, 1320)]).catch(
      (err: unknown) => {
        app.log.warn({ err }, 'ffmpeg could not make the demo videos; seeding pictures and documents only');
        return null;
      },
    );
    const lucky: MaterialFile[] = [
      {
        name: 'latte-art.jpg',
        data: await jpeg(poster(1080, 1920, 'Lucky Coffee', 'Latte art, every morning', ...brown)),
        template: 1,
        slot: 1,
      },
      {
        name: 'cold-brew.png',
        data: await png(poster(1080, 1920, 'Cold Brew', '12 hours, slow and smooth', '#1F3A5F', '#4F86C6')),
        template: 1,
        slot: 1,
      },
      ...(videos ? [{ name: 'coffee-spot.mp4', data: videos[0], template: 1, slot: 1 }] : []),
      {
        name: 'split-banner.jpg',
        data: await jpeg(poster(1080, 600, 'Lucky Coffee', 'Second cup half price', ...brown), 70),
        template: 2,
        slot: 1,
      },
      ...(videos ? [{ name: 'split-main.mp4', data: videos[1], template: 2, slot: 2 }] : []),
      {
        name: 'split-main.jpg',
        data: await jpeg(poster(1080, 1320, 'New Beans', 'Yunnan single origin', '#2E4A2E', '#7FB77E'), 70),
        template: 2,
        slot: 2,
      },
      {
        name: 'menu.pdf',
        data: pdfFile('Lucky Coffee menu: latte 18, americano 15, cold brew 22'),
        template: 1,
        slot: 1,
      },
      {
        name: 'menu-slides.pptx',
        data: demoPptx('Lucky Coffee', 'Latte 18 / Americano 15 / Cold brew 22'),
        template: 1,
        slot: 1,
      },
      {
        name: 'store-page.html',
        data: Buffer.from(
          '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lucky Coffee</title></head>' +
            '<body style="font-family:sans-serif;background:#6F4E37;color:#fff;text-align:center">' +
            '<h1>Lucky Coffee</h1><p>Find us on the ground floor, next to the lifts.</p></body></html>',
        ),
        template: 1,
        slot: 1,
      },
    ];
    const advOwner = { id: adv.id, customer: adv.customerId };
    for (const file of lucky) await addMaterial(tx, app, advOwner, file, now);
    const welcome = {
      name: 'welcome.jpg',
      data: await jpeg(poster(1080, 1920, 'Welcome', 'Ask me the way', '#3574F7', '#8FB3FF')),
      template: 1,
      slot: 1,
    };
    await addMaterial(tx, app, { id: ops.id, customer: null }, welcome, now);
  },
};
