/** Unix seconds on the wire; Date in the database. These two helpers are the one conversion point. */
export function toUnixSeconds(date: Date | null | undefined): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

export function fromUnixSeconds(seconds: number | null | undefined): Date | null {
  return seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
}

/** Durations from the server are in ms; the UI shows seconds. */
export function msToSeconds(ms: number): number {
  return Math.round(ms / 1000);
}

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
