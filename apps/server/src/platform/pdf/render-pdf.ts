import { loadPdfDocument } from '../on-first-use';
import { documentFonts } from './pdf-fonts';

/** What a document's drawing code writes with: the pdfkit document and a text call that picks the fonts. */
export interface PdfPage {
  /** The pdfkit document, for layout (moveDown, x/y, lines, rectangles, images, pages). */
  readonly doc: PDFKit.PDFDocument;
  /**
   * Writes text in Noto Sans SC (Chinese and Latin), at (x, y) when given, else at the cursor.
   * `size` sets the font size, `bold` the weight; the other options are pdfkit's.
   */
  text(value: string, options?: PdfTextOptions): PdfPage;
}

export type PdfTextOptions = PDFKit.Mixins.TextOptions & { x?: number; y?: number; size?: number; bold?: boolean };

export type PdfOptions = {
  /** Document title (PDF metadata); it is part of the text the fonts are subset to. */
  title: string;
  size?: string | [number, number];
  layout?: 'portrait' | 'landscape';
  margin?: number;
};

/**
 * Renders a PDF whose text every viewer draws. `draw` runs twice and must be synchronous and
 * deterministic: a first pass only collects the strings written through `page.text`, the fonts are
 * subset to exactly those characters (pdf-fonts.ts), and the second pass writes the document.
 */
export async function renderPdf(options: PdfOptions, draw: (page: PdfPage) => void): Promise<Buffer> {
  const regular: string[] = [];
  const bold: string[] = [options.title];
  const docOptions = { size: options.size ?? 'A4', layout: options.layout, margin: options.margin ?? 48 };
  const PDFDocument = await loadPdfDocument();
  const probe = new PDFDocument(docOptions);
  const recorder: PdfPage = {
    doc: probe,
    text(value, o) {
      (o?.bold ? bold : regular).push(value);
      return recorder;
    },
  };
  draw(recorder);
  probe.end();

  const [r, b] = await Promise.all([documentFonts(regular.join(''), 400), documentFonts(bold.join(''), 700)]);
  const doc = new PDFDocument({ ...docOptions, info: { Title: options.title } });
  for (const f of [...r.fonts, ...b.fonts]) doc.registerFont(f.key, f.data);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(r.fonts[0]?.key ?? 'Helvetica');
  const page: PdfPage = {
    doc,
    text(value, o = {}) {
      const { x, y, size, bold: isBold, ...rest } = o;
      const fonts = isBold ? b : r;
      if (size !== undefined) doc.fontSize(size);
      const runs = splitRuns(value, fonts.fontOf);
      runs.forEach((run, i) => {
        doc.font(run.font);
        const last = i === runs.length - 1;
        const opts = { ...rest, continued: last ? rest.continued : true };
        if (i === 0 && (x !== undefined || y !== undefined)) doc.text(run.text, x ?? doc.x, y ?? doc.y, opts);
        else doc.text(run.text, opts);
      });
      doc.font(r.fonts[0]?.key ?? 'Helvetica');
      return page;
    },
  };
  draw(page);
  doc.end();
  return done;
}

/** The string cut where the font that draws it changes (one run in the common case). */
function splitRuns(value: string, fontOf: (cp: number) => string): Array<{ font: string; text: string }> {
  const runs: Array<{ font: string; text: string }> = [];
  for (const ch of value) {
    const font = fontOf(ch.codePointAt(0) ?? 32);
    const last = runs[runs.length - 1];
    if (last && (last.font === font || ch === ' ')) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs.length > 0 ? runs : [{ font: fontOf(32), text: value }];
}
