import type { Language } from '@robot-ads/contracts/common/language';
import { fenToYuanText } from '@robot-ads/contracts/sales/sales.rules';

/**
 * Money on the web: the server stores and sends integer fen; people read and type yuan. Conversions
 * go through the decimal text, never through float arithmetic on yuan.
 */
export { fenToYuanText };

/** Integer fen for display in the user's language: "¥1,234.56" (zh) or "CNY 1,234.56" (en). */
export function formatFen(fen: number | null | undefined, language: Language): string {
  if (fen === null || fen === undefined || !Number.isSafeInteger(fen)) return '-';
  const sign = fen < 0 ? '-' : '';
  const [whole, cents] = fenToYuanText(Math.abs(fen)).split('.');
  const grouped = Number(whole).toLocaleString(language === 'zh' ? 'zh-CN' : 'en-US');
  return language === 'zh' ? `${sign}¥${grouped}.${cents}` : `${sign}CNY ${grouped}.${cents}`;
}

const YUAN_TEXT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * A typed yuan amount (text or number) as integer fen, or null when it is not a valid amount: above
 * zero, at most 2 decimals (spec section 5). "12.3" -> 1230, "0.01" -> 1, "1.005" -> null, "0" -> null.
 */
export function yuanToFen(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as the same number: 1.1 + 2.2 is refused (17 digits).
    text = String(value);
  } else text = value.trim();
  const m = YUAN_TEXT.exec(text);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

/** The yuan number the wire takes (`amount`), from integer fen: exact for 2 decimals. */
export const fenToYuanNumber = (fen: number) => Number(fenToYuanText(fen));

/** True when the typed amount is above zero with at most 2 decimals. */
export const isYuanAmount = (value: string | number | null | undefined) => yuanToFen(value) !== null;
