import type { Language } from '@robot-ads/contracts/common/language';

/**
 * Numbers per language: zh groups by 万 (10^4) and 亿 (10^8), en by thousand, million and billion.
 * Below 10,000 both languages show the whole number with separators.
 */
export function formatCount(value: number, language: Language): string {
  if (!Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  const n = Math.abs(value);
  const short = (x: number) => {
    const s = x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
    return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  };
  if (language === 'zh') {
    if (n >= 1e8) return `${sign}${short(n / 1e8)}亿`;
    if (n >= 1e4) return `${sign}${short(n / 1e4)}万`;
    return `${sign}${Math.round(n).toLocaleString('zh-CN')}`;
  }
  if (n >= 1e9) return `${sign}${short(n / 1e9)}B`;
  if (n >= 1e6) return `${sign}${short(n / 1e6)}M`;
  if (n >= 1e4) return `${sign}${short(n / 1e3)}K`;
  return `${sign}${Math.round(n).toLocaleString('en-US')}`;
}

/** Durations arrive in milliseconds (spec section 9) and are shown in whole seconds. */
export function msToSeconds(ms: number): number {
  return Math.round(ms / 1000);
}

/**
 * A duration in seconds as a person reads it: hours and minutes (`505 h 33 min`, `505小时33分`), minutes
 * and seconds under an hour, seconds under a minute. Never an SI suffix on seconds ("1.82Ms").
 */
export function formatDuration(totalSeconds: number, language: Language): string {
  if (!Number.isFinite(totalSeconds)) return '-';
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const zh = language === 'zh';
  const hours = zh ? `${h.toLocaleString('zh-CN')}小时` : `${h.toLocaleString('en-US')} h`;
  if (h > 0) return m > 0 ? `${hours}${zh ? '' : ' '}${zh ? `${m}分` : `${m} min`}` : hours;
  if (m > 0) return zh ? `${m}分${sec > 0 ? `${sec}秒` : ''}` : `${m} min${sec > 0 ? ` ${sec} s` : ''}`;
  return zh ? `${sec}秒` : `${sec} s`;
}

/** A share (0..1) as a percentage number with at most one decimal: the one rounding of every board. */
export function percentOf(ratio: number): number {
  return Math.round(ratio * 1000) / 10;
}

/** A share (0..1) as a percentage with at most one decimal. */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '-';
  return `${percentOf(ratio)}%`;
}

/** Spec section 9: a pull ratio below 80 % is a warning. */
export const LOW_PULL_RATIO = 0.8;
export function isLowPullRatio(ratio: number | null | undefined): boolean {
  return ratio !== null && ratio !== undefined && ratio < LOW_PULL_RATIO;
}

export type Trend = 'up' | 'down' | 'flat' | 'new';

/**
 * The change against the previous period: `new` when the previous period had nothing and this one
 * has something (no percentage can be given), `flat` when both are equal.
 */
export function rising(current: number, previous: number): { trend: Trend; percent: number | null } {
  if (previous === 0) return current === 0 ? { trend: 'flat', percent: 0 } : { trend: 'new', percent: null };
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  return { trend: percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat', percent };
}
