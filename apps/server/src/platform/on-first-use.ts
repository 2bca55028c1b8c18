/**
 * Libraries that a start need not load: each is imported on its first use (an export, a PDF, a zip of photos),
 * not by every start. On a loaded machine exceljs alone took 0.7 s of a start's imports, pdfkit 0.3 s and
 * archiver 0.2 s (docs/operations.md, "Start times"). Types come from `import type` as usual.
 */

/** A loader that imports once and hands every caller the same module. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    return loading;
  };
}

/** exceljs (workbooks: exports, bills, reports, import templates). */
export const loadExcel = onFirstUse(() => import('exceljs').then((m) => m.default));
/** pdfkit's document class (every PDF). */
export const loadPdfDocument = onFirstUse(() => import('pdfkit').then((m) => m.default));
/** harfbuzz's font subsetter (the fonts of every PDF). */
export const loadSubsetFont = onFirstUse(() => import('subset-font').then((m) => m.default));
/** archiver's zip writer (photos downloaded together). */
export const loadZipArchive = onFirstUse(() => import('archiver').then((m) => m.ZipArchive));
