import type { OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';

/*
 * A picture of what the screen shows now, for shooting tasks: the slots' pictures or the current frames
 * of their videos, with the QR code and the watermark drawn over them where style.css places them, into a
 * canvas of the stage's pixels, as a JPEG.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a `w`x`h` source lands in `box` with object-fit: contain (centred, letterboxed). */
export function containRect(w: number, h: number, box: Rect): Rect {
  if (w <= 0 || h <= 0) return box;
  const scale = Math.min(box.width / w, box.height / h);
  const width = w * scale;
  const height = h * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

const MARGIN = 40;
const QR_SIZE = 220;
const QR_PADDING = 8;
const WATERMARK_WIDTH = 240;

/** The box of an overlay on a stage of `stageW`x`stageH` (style.css: QR 220 px on an 8 px white margin, watermark 240 px wide). */
export function overlayBox(
  role: 'qr' | 'watermark',
  position: OverlayPosition,
  natural: { width: number; height: number },
  stageW: number,
  stageH: number,
): Rect {
  const width = role === 'qr' ? QR_SIZE + 2 * QR_PADDING : WATERMARK_WIDTH;
  const height =
    role === 'qr'
      ? QR_SIZE + 2 * QR_PADDING
      : natural.width > 0
        ? (WATERMARK_WIDTH * natural.height) / natural.width
        : WATERMARK_WIDTH;
  const left = MARGIN;
  const right = stageW - MARGIN - width;
  const centre = (stageW - width) / 2;
  const top = MARGIN;
  const bottom = stageH - MARGIN - height;
  const at: Record<OverlayPosition, [number, number]> = {
    upperLeft: [left, top],
    upperRight: [right, top],
    lowerLeft: [left, bottom],
    lowerRight: [right, bottom],
    bottomCenter: [centre, bottom],
    topCenter: [centre, top],
  };
  const [x, y] = at[position];
  return { x, y, width, height };
}

function sizeOf(el: HTMLImageElement | HTMLVideoElement) {
  return el instanceof HTMLVideoElement
    ? { width: el.videoWidth, height: el.videoHeight }
    : { width: el.naturalWidth, height: el.naturalHeight };
}

/** Draws the layer (as Screen builds it) into a `width`x`height` canvas and encodes it as a JPEG. */
export async function captureLayer(layer: HTMLElement, width: number, height: number, quality = 0.85): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  g.fillStyle = '#000';
  g.fillRect(0, 0, width, height);
  for (const box of layer.querySelectorAll<HTMLElement>('.slot')) {
    const top = (Number.parseFloat(box.style.top) || 0) / 100;
    const share = (Number.parseFloat(box.style.height) || 100) / 100;
    const area = { x: 0, y: top * height, width, height: share * height };
    const media = box.querySelector<HTMLImageElement | HTMLVideoElement>('img, video');
    if (!media) continue;
    const r = containRect(sizeOf(media).width, sizeOf(media).height, area);
    g.drawImage(media, r.x, r.y, r.width, r.height);
  }
  for (const img of layer.querySelectorAll<HTMLImageElement>('img.overlay')) {
    const role = img.classList.contains('qr') ? 'qr' : 'watermark';
    const position = (
      ['upperLeft', 'upperRight', 'lowerLeft', 'lowerRight', 'bottomCenter', 'topCenter'] as const
    ).find((p) => img.classList.contains(p));
    if (!position) continue;
    const box = overlayBox(role, position, sizeOf(img), width, height);
    g.save();
    if (role === 'qr') {
      g.fillStyle = '#fff';
      g.fillRect(box.x, box.y, box.width, box.height);
      const inner = { x: box.x + QR_PADDING, y: box.y + QR_PADDING, width: QR_SIZE, height: QR_SIZE };
      const r = containRect(img.naturalWidth, img.naturalHeight, inner);
      g.drawImage(img, r.x, r.y, r.width, r.height);
    } else {
      g.globalAlpha = 0.85;
      g.drawImage(img, box.x, box.y, box.width, box.height);
    }
    g.restore();
  }
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('capture failed'))), 'image/jpeg', quality),
  );
}
