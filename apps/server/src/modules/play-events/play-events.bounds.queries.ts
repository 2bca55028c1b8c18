import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceOfRobot } from '../devices/devices.queries';
import { type BoundsInput, offPeriods, type ServiceFacts } from './play-events.bounds';
import { playEvents } from './play-events.table';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const HOUR = 3600;

/** The robot's service over time, from the devices module (its state now and its recorded changes). */
async function serviceFacts(db: DbOrTx, robotRef: string): Promise<ServiceFacts | null> {
  const s = await serviceOfRobot(db, robotRef);
  if (!s) return null;
  const changes = (on: string, off: string) =>
    s.changes.filter((c) => c.kind === on || c.kind === off).map((c) => ({ on: c.kind === on, at: seconds(c.at) }));
  return {
    expireAt: s.expireAt ? seconds(s.expireAt) : null,
    off: [
      ...offPeriods(s.activated, changes('activated', 'deactivated')),
      ...offPeriods(s.inUse, changes('inUse', 'outOfUse')),
    ],
  };
}

/** The robot's verified events of one type stored from `from` to `to` (unix seconds). */
async function storedVerified(db: DbOrTx, robotRef: string, type: 'play' | 'scan', from: number, to: number) {
  const e = playEvents;
  const rows = await db
    .select({ id: e.id, playlistId: e.playlistId, adId: e.adId, startedAt: e.startedAt, watchMs: e.watchMs })
    .from(e)
    .where(
      and(
        eq(e.robotRef, robotRef),
        gte(e.startedAt, new Date(from * 1000)),
        lte(e.startedAt, new Date(to * 1000)),
        eq(e.type, type),
        eq(e.verdict, 'verified'),
      ),
    );
  return rows.map((r) => ({ ...r, startedAt: seconds(r.startedAt) }));
}

/**
 * What the bounds (play-events.bounds.ts) need of one robot's batch: its service over time and, when the
 * batch has scans, its verified plays and scans stored around them (a play backs scans for at most an hour
 * and a minute from its start; a stored scan may have taken a play up to that long before it).
 */
export async function boundsFacts(db: DbOrTx, robotRef: string, events: DeviceEvent[]): Promise<BoundsInput> {
  const service = await serviceFacts(db, robotRef);
  const scans = events.filter((e) => e.type === 'scan').map((e) => e.startedAt);
  if (scans.length === 0) return { service, plays: [], scans: [] };
  const lo = Math.min(...scans);
  const hi = Math.max(...scans);
  return {
    service,
    plays: await storedVerified(db, robotRef, 'play', lo - 3 * HOUR, hi + 2 * HOUR),
    scans: await storedVerified(db, robotRef, 'scan', lo - 2 * HOUR, hi + 2 * HOUR),
  };
}
