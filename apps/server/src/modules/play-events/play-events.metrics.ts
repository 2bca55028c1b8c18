import { Counter } from 'prom-client';

/** Events reported by devices, by what became of them (served at /metrics; app.ts registers it). */
export const playEventsIngested = new Counter({
  name: 'play_events_ingested_total',
  help: 'Play and scan events reported by devices, by result: accepted (stored), duplicate (stored before), ignored (unknown plan)',
  labelNames: ['result'] as const,
  registers: [],
});

export function countIngested(result: { accepted: number; duplicates: number; ignored: number }) {
  playEventsIngested.inc({ result: 'accepted' }, result.accepted);
  playEventsIngested.inc({ result: 'duplicate' }, result.duplicates);
  playEventsIngested.inc({ result: 'ignored' }, result.ignored);
}
