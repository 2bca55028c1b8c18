import sharp from 'sharp';

/**
 * Does a proof photo show the scheduled material? (docs/shooting.md, "Photo check")
 *
 * A difference hash (dHash): the material shrunk to a grid of 17x16 grey cells, one bit per pair of
 * horizontal neighbours ("is the left one brighter"), 256 bits. The photo shows the screen somewhere
 * inside a wider picture (a bezel, a wall, a caption), so the same hash is taken of windows of the
 * photo with the material's aspect ratio, from 30 % to 100 % of the photo's size, every few pixels, on
 * a 192-pixel-wide grey copy; the smallest Hamming distance counts. A pair the material leaves level
 * (within 3 grey levels) is a third state, "level", matched by a photo pair without an edge: a flat
 * area's bits would be JPEG noise. Pairs level in both say nothing; the distance is the share of the
 * other pairs that differ, in 64ths (0 = identical, 32 = unrelated), so it reads like a 64-bit dHash
 * distance.
 * A photo whose distance is above PHOTO_MATCH_MAX_DISTANCE is flagged for review.
 */
export const PHOTO_MATCH_MAX_DISTANCE = 12;

const COLS = 17;
const ROWS = 16;
const SEARCH_WIDTH = 192;
/** Grey levels (0-255) under which two neighbours of the material count as level. */
const LEVEL = 3;
/** Grey levels from which a pair of the photo is an edge where the material is level. */
const EDGE = 8;

type Bits = Uint8Array;

function bitsOf(grid: ArrayLike<number>): Bits {
  const out = new Uint8Array(ROWS * (COLS - 1));
  for (let y = 0; y < ROWS; y++)
    for (let x = 0; x < COLS - 1; x++)
      out[y * (COLS - 1) + x] = (grid[y * COLS + x] ?? 0) > (grid[y * COLS + x + 1] ?? 0) ? 1 : 0;
  return out;
}

/** A grey copy (SEARCH_WIDTH wide) with its integral image: the mean of any box in four reads. */
async function greyOf(picture: Buffer) {
  const { data, info } = await sharp(picture)
    .flatten({ background: '#fff' })
    .greyscale()
    .resize({ width: SEARCH_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const sums = new Float64Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += data[y * W + x] ?? 0;
      sums[(y + 1) * (W + 1) + x + 1] = (sums[y * (W + 1) + x + 1] ?? 0) + row;
    }
  }
  const mean = (x0: number, y0: number, x1: number, y1: number) =>
    ((sums[y1 * (W + 1) + x1] ?? 0) -
      (sums[y0 * (W + 1) + x1] ?? 0) -
      (sums[y1 * (W + 1) + x0] ?? 0) +
      (sums[y0 * (W + 1) + x0] ?? 0)) /
    ((x1 - x0) * (y1 - y0));
  /** The COLS x ROWS grid of box means of the window (left, top, w, h). */
  const gridAt = (grid: Float64Array, left: number, top: number, w: number, h: number) => {
    for (let gy = 0; gy < ROWS; gy++) {
      const y0 = Math.round(top + (gy * h) / ROWS);
      const y1 = Math.min(H, Math.max(y0 + 1, Math.round(top + ((gy + 1) * h) / ROWS)));
      for (let gx = 0; gx < COLS; gx++) {
        const x0 = Math.round(left + (gx * w) / COLS);
        const x1 = Math.min(W, Math.max(x0 + 1, Math.round(left + ((gx + 1) * w) / COLS)));
        grid[gy * COLS + gx] = mean(x0, y0, x1, y1);
      }
    }
    return grid;
  };
  return { W, H, gridAt };
}

async function gridOf(picture: Buffer): Promise<Float64Array> {
  const g = await greyOf(picture);
  return g.gridAt(new Float64Array(COLS * ROWS), 0, 0, g.W, g.H);
}

/** The material's dHash as hex (256 bits), kept with a record for reference. */
export async function dHash(picture: Buffer): Promise<string> {
  const bits = bitsOf(await gridOf(picture));
  let hex = '';
  for (let i = 0; i < bits.length; i += 4)
    hex += ((bits[i] ?? 0) * 8 + (bits[i + 1] ?? 0) * 4 + (bits[i + 2] ?? 0) * 2 + (bits[i + 3] ?? 0)).toString(16);
  return hex;
}

/**
 * The smallest distance (0..64, see above) between the material and a window of the photo. Each of
 * the 256 neighbour pairs counts as different when the material has an edge there and the photo's
 * brightness goes the other way, or the material is level there (within LEVEL) and the photo has an
 * edge (at least EDGE grey levels).
 */
export async function photoMatchDistance(photo: Buffer, material: Buffer): Promise<number> {
  const m = await gridOf(material);
  const pairs = ROWS * (COLS - 1);
  // -1, 0 (level) or 1 per pair of the material.
  const sign = new Int8Array(pairs);
  for (let y = 0; y < ROWS; y++)
    for (let x = 0; x < COLS - 1; x++) {
      const d = (m[y * COLS + x] ?? 0) - (m[y * COLS + x + 1] ?? 0);
      sign[y * (COLS - 1) + x] = Math.abs(d) < LEVEL ? 0 : d > 0 ? 1 : -1;
    }
  const meta = await sharp(material).metadata();
  const aspect = (meta.width ?? 1) / (meta.height ?? 1);
  const { W, H, gridAt } = await greyOf(photo);
  const grid = new Float64Array(COLS * ROWS);
  let best = 1;
  for (let scale = 1; scale >= 0.3; scale -= 0.025) {
    let h = H * scale;
    let w = h * aspect;
    if (w > W) {
      w = W * scale;
      h = w / aspect;
    }
    if (w < COLS * 2 || h < ROWS * 2) continue;
    const step = Math.max(2, Math.round(Math.min(w, h) / 40));
    for (let top = 0; top + h <= H; top += step) {
      for (let left = 0; left + w <= W; left += step) {
        gridAt(grid, left, top, w, h);
        let d = 0;
        let informative = 0;
        for (let y = 0; y < ROWS; y++)
          for (let x = 0; x < COLS - 1; x++) {
            const diff = (grid[y * COLS + x] ?? 0) - (grid[y * COLS + x + 1] ?? 0);
            const want = sign[y * (COLS - 1) + x] ?? 0;
            if (want === 0 && Math.abs(diff) < EDGE) continue; // level in both: says nothing
            informative++;
            if (want === 0 || diff * want <= 0) d++;
          }
        const share = informative === 0 ? 0 : d / informative;
        if (share < best) best = share;
        if (best === 0) return 0;
      }
    }
  }
  return Math.round(best * 64);
}
