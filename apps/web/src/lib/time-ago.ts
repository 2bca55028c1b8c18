import dayjs from 'dayjs';

export type TimeAgo =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'days'; count: number }
  | { kind: 'date'; text: string };

/** Spec section 9: just now, N minutes, N hours, N days ago (under 7 days), then the date. */
export function timeAgo(unixSeconds: number, nowMs = Date.now()): TimeAgo {
  const diff = Math.max(0, Math.floor(nowMs / 1000) - unixSeconds);
  if (diff < 60) return { kind: 'justNow' };
  if (diff < 3600) return { kind: 'minutes', count: Math.floor(diff / 60) };
  if (diff < 86400) return { kind: 'hours', count: Math.floor(diff / 3600) };
  if (diff < 7 * 86400) return { kind: 'days', count: Math.floor(diff / 86400) };
  return { kind: 'date', text: dayjs.unix(unixSeconds).format('YYYY-MM-DD HH:mm') };
}

/** The wording in the user's language (keys `time.*` of the common namespace). */
export function formatTimeAgo(
  t: (key: string, options?: Record<string, unknown>) => string,
  unixSeconds: number,
  nowMs?: number,
): string {
  const value = timeAgo(unixSeconds, nowMs);
  switch (value.kind) {
    case 'justNow':
      return t('time.justNow');
    case 'date':
      return value.text;
    default:
      return t(`time.${value.kind}Ago`, { count: value.count });
  }
}
