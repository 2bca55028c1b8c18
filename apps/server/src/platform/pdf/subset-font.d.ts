/** subset-font 2.x (harfbuzz in WebAssembly) ships no types: the part the PDF fonts use. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; variationAxes?: Record<string, number> },
  ): Promise<Buffer>;
}
