import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { isOnline } from '@robot-ads/contracts/devices/devices.rules';
import type { FiltrateDeviceDto, FiltrateDeviceQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { AppError } from '../../platform/app-error';
import { shootRobotsPage } from '../devices/devices.queries';
import { plansByRef } from '../playlists/playlists.queries';
import { planScope } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { robotsPublishedWithPlan } from '../publishing/publishing.queries';
import type { User } from './shooting.service';

/** The robots a requirement may choose: those the plan is published to (a page, or all). */
export async function filtrateDevices(
  ctx: PublishingContext,
  user: User,
  q: FiltrateDeviceQuery,
  all = false,
): Promise<{ total: number; datas: FiltrateDeviceDto[] }> {
  const rows = await plansByRef(ctx.db, q.planId.toLowerCase(), await planScope(ctx, ctx.db, user));
  const plan = rows.length === 1 ? rows[0] : undefined;
  if (!plan) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'planId');
  const published = await robotsPublishedWithPlan(ctx.db, plan.id);
  const byRef = new Map(published.map((p) => [p.robotRef, p]));
  const now = ctx.clock.now();
  const page = await shootRobotsPage(
    ctx.db,
    [...byRef.keys()],
    q,
    all ? { start: 0, limit: -1 } : { start: q.start, limit: q.limit },
    now,
  );
  return {
    total: page.total,
    datas: page.rows.map((r) => ({
      robotId: r.robotId,
      name: r.name,
      type: r.type,
      province: r.province,
      city: r.city,
      district: r.district,
      address: r.address,
      sceneName: r.sceneName,
      propertyname: r.propertyname,
      online: isOnline(r.lastHeartbeatAt, now),
      publishState: byRef.get(r.ref)?.state ?? 'issued',
      pullTime: toUnixSeconds(byRef.get(r.ref)?.pullAt ?? null),
    })),
  };
}
