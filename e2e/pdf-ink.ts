import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import sharp from 'sharp';

/**
 * A PDF as a person sees it: poppler renders its first page at 50 dpi and the share of dark pixels on it
 * must be meaningful (a page whose font poppler cannot draw renders blank although pdftotext reads it).
 * With `E2E_KEEP_PDF_DIR` set, the rendered page is kept there as `<name>.png` (to look at it).
 * Returns the dark share (0..1).
 */
export async function expectPdfInk(pdf: Buffer, name: string): Promise<number> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    const png = path.join(dir, 'page.png');
    const keep = process.env.E2E_KEEP_PDF_DIR;
    if (keep) fs.copyFileSync(png, path.join(keep, `${name}.png`));
    const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (const v of data) if (v < 160) dark++;
    const share = dark / data.length;
    expect(share, 'share of dark pixels on the rendered first page').toBeGreaterThan(0.005);
    return share;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
