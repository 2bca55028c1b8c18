/// <reference path="./subset-font.d.ts" />
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadSubsetFont } from '../on-first-use';

/**
 * The fonts every PDF of the product embeds: Noto Sans SC (Regular 400 and Bold 700) from
 * `@fontsource/noto-sans-sc`, a dependency of the server, so `npm start` renders Chinese on any
 * machine without a system font.
 *
 * @fontsource ships web fonts only (woff/woff2, cut into unicode-range pieces). The piece
 * `chinese-simplified` holds the simplified Chinese characters with Latin, digits and punctuation;
 * a character it lacks (a rare name character, an emoji) comes from the numbered piece whose
 * `unicode-range` lists it. Each piece a document needs is converted to an sfnt (TrueType/OpenType)
 * and subset by harfbuzz (subset-font) to the characters the document shows, so a statement
 * embeds a few kilobytes of font instead of megabytes, and poppler, Ghostscript and PDF viewers
 * draw it (pdfkit's own reading of the woff2 gave a font poppler drew nothing with).
 */

export type PdfWeight = 400 | 700;

const require = createRequire(import.meta.url);
type Fontkit = { create(buf: Buffer): { characterSet: number[] } };
/** fontkit, the font reader pdfkit itself uses (taken from pdfkit's own dependencies), loaded on first use. */
let fontkit: Fontkit | undefined;
const loadFontkit = () => {
  fontkit ??= createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;
  return fontkit;
};
const PACKAGE_DIR = dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
const MAIN_PIECE = 'chinese-simplified';

type Piece = { name: string; ranges: Array<[number, number]> };

/** The numbered pieces and their unicode ranges, from the package's CSS (read once). */
let pieceIndex: Piece[] | undefined;
function pieces(): Piece[] {
  if (pieceIndex) return pieceIndex;
  const css = readFileSync(join(PACKAGE_DIR, '400.css'), 'utf8');
  const out: Piece[] = [];
  for (const m of css.matchAll(/files\/noto-sans-sc-([\w-]+?)-400-normal\.woff2[^;]*;\s*unicode-range:\s*([^;]+);/g)) {
    const ranges = (m[2] ?? '').split(',').map((part): [number, number] => {
      const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
      const lo = Number.parseInt(a ?? '0', 16);
      return [lo, b ? Number.parseInt(b, 16) : lo];
    });
    out.push({ name: m[1] ?? '', ranges });
  }
  pieceIndex = out;
  return out;
}

const pieceFile = (piece: string, weight: PdfWeight) =>
  join(PACKAGE_DIR, 'files', `noto-sans-sc-${piece}-${weight}-normal.woff2`);

/** Which code points the main piece draws (read once per weight; the same set for both weights). */
let mainCoverage: Promise<Set<number>> | undefined;
function mainCodePoints(): Promise<Set<number>> {
  mainCoverage ??= readFile(pieceFile(MAIN_PIECE, 400)).then((buf) => {
    return new Set(loadFontkit().create(buf).characterSet);
  });
  return mainCoverage;
}

/** The piece that draws a code point: the main one, else the numbered piece that lists it. */
async function pieceOf(cp: number): Promise<string> {
  if ((await mainCodePoints()).has(cp)) return MAIN_PIECE;
  for (const p of pieces()) if (p.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) return p.name;
  return MAIN_PIECE; // drawn as the font's missing-glyph box
}

export type SubsetFont = { key: string; data: Buffer };

/** A document's fonts: one subset font per piece it needs, and which font draws each code point. */
export type DocumentFonts = { fonts: SubsetFont[]; fontOf: (cp: number) => string };

/**
 * Subsets the fonts to `text` (every string the document shows) in one weight. Keys are
 * `w<weight>-<piece>`; the main piece always comes first (it draws spaces and digits).
 */
export async function documentFonts(text: string, weight: PdfWeight): Promise<DocumentFonts> {
  const byPiece = new Map<string, Set<string>>([[MAIN_PIECE, new Set(' 0123456789')]]);
  const owner = new Map<number, string>();
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0) ?? 32;
    if (cp < 32) continue;
    const piece = await pieceOf(cp);
    owner.set(cp, piece);
    const chars = byPiece.get(piece) ?? new Set<string>();
    chars.add(ch);
    byPiece.set(piece, chars);
  }
  const key = (piece: string) => `w${weight}-${piece}`;
  const fonts = await Promise.all(
    [...byPiece].map(async ([piece, chars]) => {
      const source = await readFile(pieceFile(piece, weight));
      const data = await (await loadSubsetFont())(source, [...chars].join(''), { targetFormat: 'truetype' });
      return { key: key(piece), data };
    }),
  );
  return { fonts, fontOf: (cp) => key(owner.get(cp) ?? MAIN_PIECE) };
}
