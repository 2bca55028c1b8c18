import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wallClock } from '@robot-ads/contracts/playback/zoned-time';
import sharp from 'sharp';

/*
 * The demo robots' proof photos (docs/shooting.md, "Demo photos"): what the screen shows at that moment
 * (the ad's picture, or a frame of its video taken with ffmpeg), framed as a screen on a wall (a dark
 * bezel), with the robot, its place and the local time stamped underneath, as a camera app would.
 */

const PHOTO_W = 720;
const PHOTO_H = 1280;

/** A frame of a video one second in (or its first frame), as JPEG: ffmpeg reads a temporary copy. */
export async function videoFrame(video: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'robot-ads-frame-'));
  try {
    const input = join(dir, 'in');
    const output = join(dir, 'frame.jpg');
    await writeFile(input, video);
    const run = (seek: string) =>
      new Promise<void>((resolve, reject) => {
        const p = spawn(process.env.FFMPEG_PATH ?? 'ffmpeg', [
          '-v',
          'error',
          '-y',
          '-ss',
          seek,
          '-i',
          input,
          '-frames:v',
          '1',
          output,
        ]);
        p.on('error', reject);
        p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
      });
    await run('1');
    const frame = await readFile(output).catch(() => null);
    if (frame && frame.length > 0) return frame;
    await run('0');
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number) => String(n).padStart(2, '0');

/** The photo: `screen` (what the screen shows) inside a bezel on a wall, stamped with robot, place and time. */
export async function screenPhoto(
  screen: Buffer,
  o: { robotId: string; place: string; at: number; timeZone: string },
): Promise<Buffer> {
  const meta = await sharp(screen).metadata();
  const aspect = (meta.width ?? 9) / (meta.height ?? 16);
  // The screen: as large as fits above the caption, in the material's proportions.
  const maxW = PHOTO_W - 160;
  const maxH = PHOTO_H - 360;
  let w = maxW;
  let h = Math.round(w / aspect);
  if (h > maxH) {
    h = maxH;
    w = Math.round(h * aspect);
  }
  const left = Math.round((PHOTO_W - w) / 2);
  const top = 110 + Math.round((maxH - h) / 2);
  const bezel = 26;
  const t = wallClock(o.at, o.timeZone);
  const stamp = `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)} (${o.timeZone})`;
  const font = "font-family=\"'WenQuanYi Micro Hei','Noto Sans CJK SC','DejaVu Sans',sans-serif\"";
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_W}" height="${PHOTO_H}">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d9d4cc"/><stop offset="1" stop-color="#a9a39a"/></linearGradient></defs>
    <rect width="${PHOTO_W}" height="${PHOTO_H}" fill="url(#wall)"/>
    <rect x="${left - bezel + 8}" y="${top - bezel + 12}" width="${w + 2 * bezel}" height="${h + 2 * bezel}" rx="22" fill="#000" opacity="0.25"/>
    <rect x="${left - bezel}" y="${top - bezel}" width="${w + 2 * bezel}" height="${h + 2 * bezel}" rx="22" fill="#1b1b1d"/>
    <circle cx="${PHOTO_W / 2}" cy="${top + h + bezel / 2}" r="5" fill="#3a3a3e"/>
  </svg>`;
  const caption = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_W}" height="200">
    <rect x="24" y="20" width="${PHOTO_W - 48}" height="160" rx="12" fill="#000" opacity="0.62"/>
    <text x="48" y="68" font-size="30" fill="#fff" ${font}>${xml(o.robotId)}</text>
    <text x="48" y="112" font-size="24" fill="#fff" ${font}>${xml(o.place || '—')}</text>
    <text x="48" y="152" font-size="24" fill="#ffd666" ${font}>${xml(stamp)}</text>
  </svg>`;
  const shown = await sharp(screen).resize(w, h, { fit: 'fill' }).toBuffer();
  return sharp(Buffer.from(background))
    .composite([
      { input: shown, left, top },
      { input: Buffer.from(caption), left: 0, top: PHOTO_H - 220 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
