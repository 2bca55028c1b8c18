import { newId } from '@robot-ads/contracts/common/ids';
import { formatBytes, readImageSize, SNIFF_BYTES, sniffType } from '@robot-ads/contracts/media/media.rules';
import {
  SHOOT_LATE_UPLOAD_DAYS,
  SHOOT_PHOTO_MAX_BYTES,
  type ShootTaskState,
} from '@robot-ads/contracts/shooting/shooting.rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { shootRobotsByRefs } from '../devices/devices.queries';
import { adIdsOfPlans } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { checkPhoto } from './photo-check';
import {
  confirmIssuedTasks,
  failOpenTask,
  findRobotTask,
  insertRecord,
  lockTask,
  updateTask,
} from './shooting.repository';
import { announce } from './shooting.service';

/**
 * The robot's side of shooting tasks: confirming them, the photo upload, the photo proof (with its partner
 * event shooting.photo, written in the same transaction) and a reported failure.
 */
export async function confirmTasks(ctx: PublishingContext, robotRef: string, ids: string[]): Promise<string[]> {
  const now = ctx.clock.now();
  const rows = await confirmIssuedTasks(ctx.db, robotRef, ids, now);
  await announce(
    ctx,
    rows.map((r) => r.requirementId),
  );
  return rows.map((r) => r.id);
}

async function deviceTask(db: DbOrTx, robotRef: string, taskId: string) {
  const row = await findRobotTask(db, robotRef, taskId);
  if (!row) throw new AppError('SHOOT_TASK_NOT_FOUND', {}, 'taskId');
  return row;
}

/** How long the photo address in a partner's shooting.photo event stays valid. */
const PHOTO_URL_SECONDS = 24 * 3600;
const photoDir = (robotRef: string, taskId: string) => `shooting/${robotRef}/${taskId}`;

/** States in which a photo is still welcome (a late one only for notTaken, within the grace). */
function acceptsPhoto(state: string, windowEnd: Date, now: Date) {
  if (state === 'inProgress' || state === 'ongoing') return true;
  return state === 'notTaken' && now.getTime() - windowEnd.getTime() < SHOOT_LATE_UPLOAD_DAYS * 86_400_000;
}

export async function photoUploadCredentials(ctx: AppContext, robotRef: string, taskId: string) {
  const { task, req } = await deviceTask(ctx.db, robotRef, taskId);
  if (!acceptsPhoto(task.state, req.windowEnd, ctx.clock.now())) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  const creds = await ctx.storage.uploadCredentials({
    dir: photoDir(robotRef, taskId),
    expiresInSeconds: 3600,
    maxBytes: SHOOT_PHOTO_MAX_BYTES,
    now: ctx.clock.now(),
  });
  return { dir: creds.dir, expiresAt: creds.expiresAt, maxBytes: creds.maxBytes, upload: creds.upload };
}

export async function registerPhoto(
  ctx: PublishingContext,
  robotRef: string,
  body: { taskId: string; key: string; takenAt: number; adId: string },
): Promise<{ taskId: string; state: ShootTaskState }> {
  const now = ctx.clock.now();
  const { task, req } = await deviceTask(ctx.db, robotRef, body.taskId);
  if (task.state === 'success') return { taskId: task.id, state: 'success' };
  if (!acceptsPhoto(task.state, req.windowEnd, now)) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  const dir = photoDir(robotRef, task.id);
  if (!body.key.startsWith(`${dir}/`) || body.key.includes('..'))
    throw new AppError('UPLOAD_KEY_OUTSIDE_DIR', {}, 'key');
  const head = await ctx.storage.head(body.key);
  if (!head) throw new AppError('UPLOAD_OBJECT_MISSING', { file: body.key }, 'key');
  if (head.size > SHOOT_PHOTO_MAX_BYTES) {
    throw new AppError(
      'SHOOT_PHOTO_TOO_LARGE',
      { size: formatBytes(head.size), max: formatBytes(SHOOT_PHOTO_MAX_BYTES) },
      'key',
    );
  }
  const bytes =
    head.size > 0 ? await ctx.storage.readRange(body.key, 0, Math.min(head.size, 256 * 1024)) : Buffer.alloc(0);
  const sniffed = sniffType(new Uint8Array(bytes.subarray(0, SNIFF_BYTES)));
  if (!sniffed || (sniffed.ext !== 'jpg' && sniffed.ext !== 'png')) throw new AppError('SHOOT_PHOTO_TYPE', {}, 'key');
  const takenMs = body.takenAt * 1000;
  if (takenMs < req.windowBegin.getTime() || takenMs >= req.windowEnd.getTime()) {
    throw new AppError('SHOOT_TAKEN_OUTSIDE_WINDOW', {}, 'takenAt');
  }
  const planAds = (await adIdsOfPlans(ctx.db, [req.playlistId])).get(req.playlistId) ?? [];
  if (!planAds.includes(body.adId)) throw new AppError('SHOOT_AD_NOT_IN_PLAN', {}, 'adId');
  const size = readImageSize(new Uint8Array(bytes), sniffed.ext);
  const recordId = newId(now.getTime());
  const recorded = await ctx.db.transaction(async (tx) => {
    const locked = await lockTask(tx, task.id);
    if (!locked || locked.state === 'success') return false;
    if (!acceptsPhoto(locked.state, req.windowEnd, now)) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
    await insertRecord(tx, {
      id: recordId,
      taskId: task.id,
      requirementId: req.id,
      robotRef,
      objectKey: body.key,
      contentType: sniffed.ext === 'png' ? 'image/png' : 'image/jpeg',
      size: head.size,
      width: size?.width ?? null,
      height: size?.height ?? null,
      adId: body.adId,
      takenAt: new Date(takenMs),
      uploadedAt: now,
    });
    await updateTask(tx, task.id, { state: 'success', finishedAt: now, failReason: null, updatedAt: now });
    const robot = (await shootRobotsByRefs(tx, [robotRef], now)).get(robotRef);
    // Partners subscribed to photo proofs (applications of the requirement's creator, or a superuser's).
    await ctx.partnerEvents.emit(
      'shooting.photo',
      {
        recordId,
        requirementId: req.id,
        taskId: task.id,
        playlistId: req.playlistId,
        robotId: robot?.robotId ?? '',
        adId: body.adId,
        takenTime: body.takenAt,
        contentType: sniffed.ext === 'png' ? 'image/png' : 'image/jpeg',
        width: size?.width ?? null,
        height: size?.height ?? null,
        photoUrl: await ctx.storage.signedDownloadUrl(body.key, { expiresInSeconds: PHOTO_URL_SECONDS }),
      },
      [req.creatorId],
    );
    return true;
  });
  // The photo check (does it show the scheduled material?) never refuses the robot's photo.
  if (recorded) await checkPhoto(ctx, { id: recordId, objectKey: body.key, adId: body.adId });
  await announce(ctx, [req.id]);
  return { taskId: task.id, state: 'success' };
}

export async function reportFailure(
  ctx: PublishingContext,
  robotRef: string,
  body: { taskId: string; reason: string },
): Promise<{ taskId: string; state: ShootTaskState }> {
  const now = ctx.clock.now();
  const { task, req } = await deviceTask(ctx.db, robotRef, body.taskId);
  if (task.state === 'fail') return { taskId: task.id, state: 'fail' };
  if (task.state !== 'inProgress' && task.state !== 'ongoing') throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  await failOpenTask(ctx.db, task.id, body.reason, now);
  await announce(ctx, [req.id]);
  return { taskId: task.id, state: 'fail' };
}
