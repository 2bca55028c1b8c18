import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

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
    const render = (format: string[]) =>
      execFileSync('pdftoppm', [
        '-r',
        '50',
        ...format,
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        file,
        path.join(dir, 'page'),
      ]);
    const keep = process.env.E2E_KEEP_PDF_DIR;
    if (keep) {
      render(['-png']);
      fs.copyFileSync(path.join(dir, 'page.png'), path.join(keep, `${name}.png`));
    }
    // Grey levels as poppler writes them (PGM: "P5", width, height, 255, then a byte a pixel), read here
    // without an image library (sharp once hung in an end-to-end worker on a loaded machine).
    render(['-gray']);
    const data = greyPixels(fs.readFileSync(path.join(dir, 'page.pgm')));
    let dark = 0;
    for (const v of data) if (v < 160) dark++;
    const share = dark / data.length;
    expect(share, 'share of dark pixels on the rendered first page').toBeGreaterThan(0.005);
    return share;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The pixels of a binary PGM (P5, 8-bit). */
function greyPixels(pgm: Buffer): Buffer {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(pgm[at] ?? 32))) at++;
    const start = at;
    while (at < pgm.length && !/\s/.test(String.fromCharCode(pgm[at] ?? 32))) at++;
    fields.push(pgm.subarray(start, at).toString('ascii'));
  }
  const [magic, width, height, max] = fields;
  expect(`${magic} ${max}`, 'poppler writes an 8-bit binary PGM').toBe('P5 255');
  return pgm.subarray(at + 1, at + 1 + Number(width) * Number(height));
}
