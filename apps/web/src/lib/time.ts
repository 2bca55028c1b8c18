import { canonicalTimeZone, formatDateTime, offsetLabel } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE } from '@robot-ads/contracts/playlists/playlists.schemas';

/**
 * The zone a person reads times in on this computer (the browser's IANA zone, by its current name), the
 * default zone when the browser names none. Pages say it next to the times they show.
 */
export function readerTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '') ?? DEFAULT_TIME_ZONE;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in the zone: the same in zh and en. */
export function formatTime(unixSeconds: number, timeZone = readerTimeZone()): string {
  return formatDateTime(unixSeconds, timeZone);
}

/** `Asia/Shanghai, UTC+8`: the zone as a page states it next to a time's label. */
export function zoneNote(timeZone = readerTimeZone(), unixSeconds = Math.floor(Date.now() / 1000)): string {
  return `${timeZone}, ${offsetLabel(unixSeconds, timeZone)}`;
}
