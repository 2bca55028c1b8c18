import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { HeartbeatBody } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import { HEARTBEAT_INTERVAL_S, ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../devices/devices.service';
import { deviceTokens, robots, robotTransitions } from '../devices/devices.table';
import { newDeviceToken, sameSecret } from './device-auth';

/**
 * Activation: the robot shows its robotId and the one-time secret an operator issued; it becomes
 * activated and gets a fresh device token (earlier tokens of the robot are revoked).
 */
export async function activate(ctx: AppContext, body: { robotId: string; secret: string; appVersion?: string }) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [robot] = await tx
      .select({
        id: robots.id,
        robotId: robots.robotId,
        hash: robots.activationSecretHash,
        activatedAt: robots.activatedAt,
      })
      .from(robots)
      .where(eq(robots.robotId, body.robotId))
      .for('update')
      .limit(1);
    // The same refusal for an unknown robot and a wrong secret: nothing to learn by guessing.
    if (!robot || !sameSecret(body.secret, robot.hash)) throw new AppError('DEVICE_SECRET_WRONG');
    await tx
      .update(deviceTokens)
      .set({ revokedAt: now })
      .where(and(eq(deviceTokens.robotRef, robot.id), isNull(deviceTokens.revokedAt)));
    const token = newDeviceToken();
    await tx.insert(deviceTokens).values({ id: newId(), robotRef: robot.id, tokenHash: sha256(token), createdAt: now });
    await tx
      .update(robots)
      .set({
        activated: true,
        activatedAt: robot.activatedAt ?? now,
        activationSecretHash: null,
        ...(body.appVersion ? { appVersion: body.appVersion } : {}),
        updatedAt: now,
      })
      .where(eq(robots.id, robot.id));
    return {
      token,
      robotId: robot.robotId,
      heartbeatInterval: HEARTBEAT_INTERVAL_S,
      serverTime: toUnixSeconds(now) ?? 0,
    };
  });
}

/*
 * Heartbeats are coalesced: the beats that arrive within a few milliseconds are written by one
 * statement (one round trip and one commit for the whole batch), each beat still authenticated by its
 * own token (the same rule as deviceAuth: an existing, unrevoked token). Rows are locked in id order
 * so that concurrent batches (several instances) cannot deadlock.
 */
const BATCH_SQL = `
  with v as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::int8[])
      as v(token_hash, status, app_version, lng, lat, free_storage)
  ), tok as (
    select distinct on (t.robot_ref) t.robot_ref, v.*
    from v join device_tokens t on t.token_hash = v.token_hash and t.revoked_at is null
    order by t.robot_ref
  ), prev as (
    select r.id, r.online, r.last_heartbeat_at, tok.token_hash, tok.status, tok.app_version, tok.lng, tok.lat,
           tok.free_storage
    from robots r join tok on r.id = tok.robot_ref
    order by r.id
    for update of r
  )
  update robots r set
    online = true,
    last_heartbeat_at = $7,
    device_status = prev.status,
    app_version = coalesce(prev.app_version, r.app_version),
    lng = coalesce(prev.lng, r.lng),
    lat = coalesce(prev.lat, r.lat),
    free_storage = coalesce(prev.free_storage, r.free_storage)
  from prev where r.id = prev.id
  returning prev.token_hash, r.id as robot_ref, prev.online as was_online, prev.last_heartbeat_at as last`;

type BeatRow = { token_hash: string; robot_ref: string; was_online: boolean; last: Date | string | null };
interface PendingBeat {
  tokenHash: string;
  body: HeartbeatBody;
  resolve: (row: { row: BeatRow | undefined; now: Date }) => void;
  reject: (err: unknown) => void;
}

const BATCH_MAX = 500;
const BATCH_WAIT_MS = 5;

class HeartbeatBatcher {
  private queue: PendingBeat[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly ctx: AppContext) {}

  submit(tokenHash: string, body: HeartbeatBody) {
    return new Promise<{ row: BeatRow | undefined; now: Date }>((resolve, reject) => {
      this.queue.push({ tokenHash, body, resolve, reject });
      if (this.queue.length >= BATCH_MAX) this.flush();
      else if (!this.timer) this.timer = setTimeout(() => this.flush(), BATCH_WAIT_MS);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) void this.write(batch);
  }

  private async write(batch: PendingBeat[]) {
    const now = this.ctx.clock.now();
    try {
      const values = [
        batch.map((b) => b.tokenHash),
        batch.map((b) => b.body.status),
        batch.map((b) => b.body.appVersion ?? null),
        batch.map((b) => b.body.lng ?? null),
        batch.map((b) => b.body.lat ?? null),
        batch.map((b) => b.body.freeStorage ?? null),
        now,
      ];
      const { pool, pglite } = this.ctx.database;
      const rows = pool
        ? (await pool.query<BeatRow>({ name: 'device-heartbeat-batch', text: BATCH_SQL, values })).rows
        : pglite
          ? (await pglite.query<BeatRow>(BATCH_SQL, values)).rows
          : [];
      const byToken = new Map(rows.map((r) => [r.token_hash, r]));
      await this.recordTransitions(rows, now);
      for (const b of batch) b.resolve({ row: byToken.get(b.tokenHash), now });
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  /** Online when the beat finds the robot offline; a missed offline when it was silent past the window. */
  private async recordTransitions(rows: BeatRow[], now: Date) {
    const transitions: Array<typeof robotTransitions.$inferInsert> = [];
    for (const r of rows) {
      const last = r.last ? new Date(r.last) : null;
      const lapsed = !last || now.getTime() - last.getTime() >= ONLINE_WINDOW_MS;
      if (r.was_online && !lapsed) continue;
      if (r.was_online && last) {
        transitions.push({
          id: newId(),
          robotRef: r.robot_ref,
          kind: 'offline',
          at: new Date(last.getTime() + ONLINE_WINDOW_MS),
        });
      }
      transitions.push({ id: newId(), robotRef: r.robot_ref, kind: 'online', at: now });
    }
    if (transitions.length > 0) await this.ctx.db.insert(robotTransitions).values(transitions);
  }
}

const batchers = new WeakMap<AppContext, HeartbeatBatcher>();

/** One heartbeat: written with the others of the same few milliseconds; refused for a bad token. */
export async function heartbeat(ctx: AppContext, token: string | null, body: HeartbeatBody) {
  if (!token) throw new AppError('DEVICE_TOKEN_INVALID');
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = new HeartbeatBatcher(ctx);
    batchers.set(ctx, batcher);
  }
  const { row, now } = await batcher.submit(sha256(token), body);
  if (!row) throw new AppError('DEVICE_TOKEN_INVALID');
  return { serverTime: toUnixSeconds(now) ?? 0, heartbeatInterval: HEARTBEAT_INTERVAL_S, online: true as const };
}
