import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

/** svg-captcha's renderer: the text drawn as the outlines of its font's glyphs (paths), under noise curves. */
type RenderCaptcha = (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string },
) => string;
const renderCaptcha = createRequire(import.meta.url)('svg-captcha') as RenderCaptcha;

const WIDTH = 120;
const HEIGHT = 40;

type Point = [number, number];

/** Splits path data into its commands with their numbers (M, L, Q, C and Z, as opentype.js writes them). */
function commands(d: string): Array<{ op: string; args: number[] }> {
  const out: Array<{ op: string; args: number[] }> = [];
  for (const token of d.match(/[MLQCZ]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []) {
    if (/^[MLQCZ]$/i.test(token)) out.push({ op: token.toUpperCase(), args: [] });
    else out.at(-1)?.args.push(Number(token));
  }
  return out;
}

const jitter = (): number => (randomInt(41) - 20) / 100;

/**
 * One glyph outline redrawn as straight segments: curves sampled at a random number of points, every
 * point shaken, the whole glyph turned and slanted at random. The path no longer carries the font's
 * command sequence, so the character cannot be looked up from the source; it has to be recognised
 * from the picture.
 */
function reshapeGlyph(d: string): string {
  const contours: Point[][] = [];
  let at: Point = [0, 0];
  for (const { op, args } of commands(d)) {
    if (op === 'M') {
      at = [args[0] ?? 0, args[1] ?? 0];
      contours.push([at]);
    } else if (op === 'L') {
      at = [args[0] ?? 0, args[1] ?? 0];
      contours.at(-1)?.push(at);
    } else if (op === 'Q' || op === 'C') {
      const control =
        op === 'Q'
          ? [[args[0], args[1]]]
          : [
              [args[0], args[1]],
              [args[2], args[3]],
            ];
      const end: Point = [args.at(-2) ?? 0, args.at(-1) ?? 0];
      const pts = [at, ...(control as Point[]), end];
      const steps = 2 + randomInt(3);
      for (let s = 1; s <= steps; s++) {
        const t = s / steps;
        // De Casteljau on the control polygon.
        let level = pts;
        while (level.length > 1) {
          level = level.slice(1).map((p, i) => {
            const q = level[i] as Point;
            return [q[0] + (p[0] - q[0]) * t, q[1] + (p[1] - q[1]) * t] as Point;
          });
        }
        contours.at(-1)?.push(level[0] as Point);
      }
      at = end;
    }
  }
  const all = contours.flat();
  const cx = all.reduce((s, p) => s + p[0], 0) / Math.max(all.length, 1);
  const cy = all.reduce((s, p) => s + p[1], 0) / Math.max(all.length, 1);
  const angle = ((randomInt(31) - 15) * Math.PI) / 180;
  const skew = (randomInt(31) - 15) / 100;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = ([x, y]: Point): string => {
    const dx = x - cx + skew * (y - cy);
    const dy = y - cy;
    return `${(cx + dx * cos - dy * sin + jitter()).toFixed(1)} ${(cy + dx * sin + dy * cos + jitter()).toFixed(1)}`;
  };
  return contours
    .filter((c) => c.length > 1)
    .map((c) => `M${c.map(place).join('L')}Z`)
    .join('');
}

/** A few more curves and dots over the picture, drawn in the glyphs' colours so they cannot be told apart by colour. */
function noise(): string[] {
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const p = () => `${randomInt(WIDTH)} ${randomInt(HEIGHT)}`;
    parts.push(
      `<path d="M${p()} Q${p()} ${p()}" stroke="hsl(${randomInt(360)},50%,45%)" stroke-width="${1 + randomInt(2)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 25; i++) {
    parts.push(
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="1" fill="hsl(${randomInt(360)},40%,55%)"/>`,
    );
  }
  return parts;
}

/**
 * The verification-code picture: the characters drawn as filled outlines (svg-captcha's glyph paths,
 * redrawn by reshapeGlyph), under noise curves and dots. The SVG holds no text element and no
 * character of the answer. It slows scripted guessing; the lock after 5 failures is the real limit.
 */
export function captchaSvg(code: string): string {
  const drawn = renderCaptcha(code, {
    width: WIDTH,
    height: HEIGHT,
    fontSize: 40,
    noise: 2,
    color: true,
    background: '#f3f5f9',
  });
  const glyphs = drawn.replace(/<path fill="([^"]*)" d="([^"]*)"\/>/g, (_m, _fill: string, d: string) => {
    return `<path fill="hsl(${randomInt(360)},60%,35%)" d="${reshapeGlyph(d)}"/>`;
  });
  return glyphs.replace('</svg>', `${noise().join('')}</svg>`);
}
