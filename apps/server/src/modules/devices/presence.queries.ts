import { newId } from '@robot-ads/contracts/common/ids';
import { ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import type { Database } from '../../db/client';

/** What a heartbeat reports besides "I am here" (a socket connection reports nothing). */
export interface BeatFields {
  status?: string | null;
  appVersion?: string | null;
  lng?: number | null;
  lat?: number | null;
  freeStorage?: number | null;
}

/*
 * One statement per flush: the last-seen times (and what the beats reported) of every robot that beat
 * since the last flush, rows locked in id order so that several instances flushing at once cannot
 * deadlock, last-seen never moved back. A robot the database holds offline although this instance saw
 * it beat inside the window (a sweep that raced a beat) gets its `online` transition in the same
 * statement: no state change is ever written without its transition.
 */
const FLUSH_SQL = `
  with v as (
    select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int8[], $8::text[])
      as v(ref, last_at, status, app_version, lng, lat, free_storage, on_id)
  ), prev as (
    select r.id, r.online as was_online, v.last_at, v.status, v.app_version, v.lng, v.lat, v.free_storage, v.on_id
    from robots r join v on v.ref = r.id
    order by r.id
    for update of r
  ), upd as (
    update robots r set
      online = true,
      last_heartbeat_at = greatest(r.last_heartbeat_at, prev.last_at),
      device_status = coalesce(prev.status, r.device_status),
      app_version = coalesce(prev.app_version, r.app_version),
      lng = coalesce(prev.lng, r.lng),
      lat = coalesce(prev.lat, r.lat),
      free_storage = coalesce(prev.free_storage, r.free_storage)
    from prev where r.id = prev.id
    returning r.id, prev.was_online, prev.on_id
  ), ins as (
    insert into robot_transitions (id, robot_ref, kind, at)
    select on_id, id, 'online', $9::timestamptz from upd where not was_online
  )
  select count(*)::int as n from upd`;

/*
 * The embedded database is one connection that runs one statement at a time: no other writer to keep
 * out, and the row locks (a write to every row before its update) cost as much as the update on the
 * event loop the embedded database shares with the HTTP server.
 */
const unlocked = (sql: string) => sql.replace(/\n\s*order by r\.id\n\s*for update of r/, '');

/*
 * The write-through of a beat that changes the state (a robot offline or never seen, as far as the
 * presence knows): the update and its transitions in one statement, so that a transition reported to
 * the device is on disk before it is answered. `offline` at last beat + window when the robot was
 * recorded online but its last beat is older than the window (no sweep saw it go), then `online` now.
 */
const WRITE_THROUGH_SQL = `
  with v as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::int8[], $7::text[], $8::text[])
      as v(ref, status, app_version, lng, lat, free_storage, off_id, on_id)
  ), prev as (
    select r.id, r.online as was_online, r.last_heartbeat_at as last, v.status, v.app_version, v.lng, v.lat,
           v.free_storage, v.off_id, v.on_id
    from robots r join v on v.ref = r.id
    order by r.id
    for update of r
  ), upd as (
    update robots r set
      online = true,
      last_heartbeat_at = greatest(r.last_heartbeat_at, $9::timestamptz),
      device_status = coalesce(prev.status, r.device_status),
      app_version = coalesce(prev.app_version, r.app_version),
      lng = coalesce(prev.lng, r.lng),
      lat = coalesce(prev.lat, r.lat),
      free_storage = coalesce(prev.free_storage, r.free_storage)
    from prev where r.id = prev.id
    returning r.id, prev.was_online, prev.last, prev.off_id, prev.on_id,
      (prev.last is null or prev.last <= $9::timestamptz - $10::int * interval '1 millisecond') as lapsed
  ), ins as (
    insert into robot_transitions (id, robot_ref, kind, at)
    select off_id, id, 'offline', last + $10::int * interval '1 millisecond' from upd
      where was_online and lapsed and last is not null
    union all
    select on_id, id, 'online', $9::timestamptz from upd where not was_online or lapsed
  )
  select id from upd`;

type RawQuery = <R>(text: string, values: unknown[], name?: string) => Promise<R[]>;

function rawQuery(database: Database): RawQuery {
  return async <R>(text: string, values: unknown[], name?: string) => {
    if (database.pool) return (await database.pool.query({ text, values, ...(name ? { name } : {}) })).rows as R[];
    if (database.pglite) return (await database.pglite.query<R>(text, values)).rows;
    throw new Error('no database connection');
  };
}

/**
 * The presence's two statements on one database (without the row locks on the embedded one): the flush
 * of pending last-seen times and the write-through of state-changing beats.
 */
export function presenceStatements(database: Database) {
  const query = rawQuery(database);
  const flushSql = database.pool ? FLUSH_SQL : unlocked(FLUSH_SQL);
  const writeThroughSql = database.pool ? WRITE_THROUGH_SQL : unlocked(WRITE_THROUGH_SQL);
  return {
    /** Writes the last beats (ms) and reported fields of these robots; `at` is the time of any `online` transition. */
    async flush(rows: Array<[string, BeatFields & { last: number }]>, at: Date): Promise<void> {
      await query(
        flushSql,
        [
          rows.map(([ref]) => ref),
          rows.map(([, p]) => new Date(p.last)),
          rows.map(([, p]) => p.status ?? null),
          rows.map(([, p]) => p.appVersion ?? null),
          rows.map(([, p]) => p.lng ?? null),
          rows.map(([, p]) => p.lat ?? null),
          rows.map(([, p]) => p.freeStorage ?? null),
          rows.map(() => newId()),
          at,
        ],
        'presence-flush',
      );
    },
    /** Writes a beat at `at` of each robot with its transitions; the refs of the robots that exist. */
    async writeThrough(refs: string[], fields: BeatFields[], at: Date): Promise<Set<string>> {
      const rows = await query<{ id: string }>(
        writeThroughSql,
        [
          refs,
          fields.map((f) => f.status ?? null),
          fields.map((f) => f.appVersion ?? null),
          fields.map((f) => f.lng ?? null),
          fields.map((f) => f.lat ?? null),
          fields.map((f) => f.freeStorage ?? null),
          refs.map(() => newId()),
          refs.map(() => newId()),
          at,
          ONLINE_WINDOW_MS,
        ],
        'presence-write-through',
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type PresenceStatements = ReturnType<typeof presenceStatements>;
