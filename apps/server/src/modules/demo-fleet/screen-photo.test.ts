import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MATCH_MAX_DISTANCE, photoMatchDistance } from '../shooting/photo-match';
import { screenPhoto, videoFrame } from './screen-photo';

/** A poster like the demo materials: a coloured field with a title and shapes. */
const poster = (w: number, h: number, title: string, a: string, b: string, flip = false) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <rect width="${w}" height="${h}" fill="${a}"/>
      <circle cx="${w * (flip ? 0.3 : 0.7)}" cy="${h * (flip ? 0.7 : 0.35)}" r="${w * 0.22}" fill="${b}"/>
      <rect x="${w * (flip ? 0.45 : 0.1)}" y="${h * (flip ? 0.3 : 0.65)}" width="${w * 0.5}" height="${h * 0.12}" fill="#fff"/>
      <text x="${w * 0.08}" y="${h * 0.18}" font-size="${w * 0.09}" fill="#fff" font-family="DejaVu Sans">${title}</text>
    </svg>`),
  )
    .jpeg()
    .toBuffer();

async function stddev(img: Buffer) {
  const s = await sharp(img).greyscale().stats();
  return s.channels[0]?.stdev ?? 0;
}

describe('demo proof photos', () => {
  it('frame the playing picture as a screen with robot, place and time, and resemble it', {
    timeout: 60_000,
  }, async () => {
    const coffee = await poster(1080, 1920, 'Lucky Coffee', '#6b3e26', '#e8c39e');
    const tea = await poster(1080, 1920, 'Green Tea', '#1f6f43', '#f3e97a', true);
    const photo = await screenPhoto(coffee, {
      robotId: 'RB-DEMO-0001',
      place: '广东省 深圳市 南山区 · 阳光广场',
      at: Date.parse('2026-11-20T06:30:05Z') / 1000,
      timeZone: 'Asia/Shanghai',
    });
    if (process.env.PHOTO_KEEP) writeFileSync(process.env.PHOTO_KEEP, photo);
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([720, 1280, 'jpeg']);
    expect(await stddev(photo)).toBeGreaterThan(20); // not a flat rectangle
    // The caption holds light text on a dark band: bright pixels in the band's area.
    const band = await sharp(photo)
      .extract({ left: 40, top: 1080, width: 640, height: 160 })
      .greyscale()
      .raw()
      .toBuffer();
    expect(band.filter((v) => v > 200).length).toBeGreaterThan(800);
    const same = await photoMatchDistance(photo, coffee);
    const other = await photoMatchDistance(photo, tea);
    expect(same).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
    expect(other).toBeGreaterThan(PHOTO_MATCH_MAX_DISTANCE);
  });

  it('take a video frame with ffmpeg', { timeout: 60_000 }, async () => {
    const { execFileSync } = await import('node:child_process');
    const video = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x568:rate=10:duration=2',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov',
      'pipe:1',
    ]);
    const frame = await videoFrame(video);
    const meta = await sharp(frame).metadata();
    expect([meta.width, meta.height]).toEqual([320, 568]);
    expect(await stddev(frame)).toBeGreaterThan(20);
  });
});
