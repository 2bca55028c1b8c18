import { randomInt } from 'node:crypto';

const esc = (c: string) => c.replace(/[<>&]/g, '');

/**
 * The verification-code picture: the characters in a distorted SVG (rotated, shifted, in varied
 * colours, under noise lines and dots). It slows scripted guessing; the lock after 5 failures is
 * the real limit.
 */
export function captchaSvg(code: string): string {
  const width = 120;
  const height = 40;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#f3f5f9"/>`];
  for (let i = 0; i < 5; i++) {
    const color = `hsl(${randomInt(360)},45%,65%)`;
    parts.push(
      `<path d="M${randomInt(width)} ${randomInt(height)} Q${randomInt(width)} ${randomInt(height)} ${randomInt(width)} ${randomInt(height)}" stroke="${color}" stroke-width="${1 + randomInt(2)}" fill="none"/>`,
    );
  }
  [...code].forEach((ch, i) => {
    const x = 14 + i * 26 + randomInt(6);
    const y = 27 + randomInt(8);
    const rotate = randomInt(50) - 25;
    const color = `hsl(${randomInt(360)},60%,35%)`;
    parts.push(
      `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${22 + randomInt(6)}" font-weight="bold" fill="${color}" transform="rotate(${rotate} ${x} ${y})">${esc(ch)}</text>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="hsl(${randomInt(360)},40%,55%)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
