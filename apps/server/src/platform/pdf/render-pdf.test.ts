import { describe, expect, it } from 'vitest';
import { renderPdfPages } from '../../../test/pdf-ink';
import { renderPdf } from './render-pdf';

describe('renderPdf (Noto Sans SC subset to the document)', () => {
  it('draws Chinese, Latin, amounts and a character of another piece poppler can see, in a small file', {
    timeout: 60_000,
  }, async () => {
    const pdf = await renderPdf({ title: '对账单 Statement' }, ({ doc, text }) => {
      text('对账单 Statement', { size: 20, bold: true });
      doc.moveDown();
      text('期末余额 Closing balance: 12,345.67', { size: 12 });
      // 🈶 (U+1F236) is not in the simplified-Chinese piece: it comes from a numbered piece.
      text('客户 🈶野家 Yoshinoya', { size: 12 });
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(100_000);
    const r = await renderPdfPages(pdf, process.env.PDF_KEEP);
    try {
      for (const word of ['对账单', 'Statement', '期末余额', '12,345.67', '🈶', 'Yoshinoya']) {
        expect(await r.inkAt(word), word).toBeGreaterThan(0.05);
      }
    } finally {
      r.cleanup();
    }
  });
});
