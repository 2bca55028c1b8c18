import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * A PDF as a person sees it: poppler (pdftoppm) renders every page to a PNG, and pdftotext -bbox
 * says where each word was laid out. `inkAt(word)` crops the rendered page to that word's box and
 * gives the share of dark pixels there: a word that is in the text but drawn with nothing (a font
 * poppler cannot draw) has no ink.
 */
export type RenderedPdf = {
  pages: string[];
  dir: string;
  /** Share (0..1) of dark pixels inside the box of the first word that contains `needle`; -1 if no such word. */
  inkAt(needle: string): Promise<number>;
  /** Share of dark pixels on page 1 as a whole. */
  pageInk(page?: number): Promise<number>;
  cleanup(): void;
};

const DPI = 100;

export async function renderPdfPages(pdf: Buffer, keep?: string): Promise<RenderedPdf> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-ink-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', file, join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((f) => f.startsWith('page') && f.endsWith('.png'))
    .sort()
    .map((f) => join(dir, f));
  if (keep) for (const [i, p] of pages.entries()) writeFileSync(`${keep}-${i + 1}.png`, readFileSync(p));
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8');
  const words: Array<{ page: number; text: string; x0: number; y0: number; x1: number; y1: number }> = [];
  html.split(/<page /).forEach((chunk, i) => {
    for (const m of chunk.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      words.push({ page: i, text: m[5] ?? '', x0: +(m[1] ?? 0), y0: +(m[2] ?? 0), x1: +(m[3] ?? 0), y1: +(m[4] ?? 0) });
    }
  });
  const darkShare = async (png: string, box?: { left: number; top: number; width: number; height: number }) => {
    const img = sharp(png).greyscale();
    const { data } = await (box ? img.extract(box) : img).raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (const v of data) if (v < 128) dark++;
    return dark / data.length;
  };
  return {
    pages,
    dir,
    async inkAt(needle) {
      const w = words.find((x) => x.text.includes(needle));
      if (!w) return -1;
      const s = DPI / 72;
      const png = pages[w.page - 1];
      if (!png) return -1;
      const meta = await sharp(png).metadata();
      const left = Math.max(0, Math.floor(w.x0 * s));
      const top = Math.max(0, Math.floor(w.y0 * s));
      const width = Math.min((meta.width ?? 0) - left, Math.max(1, Math.ceil((w.x1 - w.x0) * s)));
      const height = Math.min((meta.height ?? 0) - top, Math.max(1, Math.ceil((w.y1 - w.y0) * s)));
      return darkShare(png, { left, top, width, height });
    },
    async pageInk(page = 1) {
      const png = pages[page - 1];
      return png ? darkShare(png) : 0;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
