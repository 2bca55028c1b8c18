import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { fenToYuan, yuanToFen } from '@robot-ads/contracts/devices/devices.rules';
import type { SetPriceBody } from '@robot-ads/contracts/devices/devices.schemas';
import type { PriceChangeDto, PriceHistoryQuery } from '@robot-ads/contracts/sales/prices.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import {
  insertPriceChanges,
  priceChangesPage,
  pricedRobotsIn,
  robotScope,
  type ScopeUser,
  setRobotsPrice,
} from './devices.repository';
import type { GroupMembers } from './devices.service';

/**
 * /screenPriceManage: one weekly price for several robots, or for every robot of an ad group (operators,
 * robots in their scope). Every change is kept in device_price_changes.
 */
export async function setPrice(
  ctx: AppContext,
  user: ScopeUser & { name?: string },
  body: SetPriceBody,
  groupMembers: GroupMembers,
): Promise<{ updated: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const unique = [...new Set(body.robotIds ?? [])];
    const byId = unique.length > 0 ? await pricedRobotsIn(tx, { robotIds: unique }, robotScope(user, now)) : [];
    if (byId.length !== unique.length) throw new AppError('DEVICE_NOT_EXIST', {}, 'robotIds');
    const byGroup = body.groupId
      ? await pricedRobotsIn(tx, { refs: groupMembers(body.groupId) }, robotScope(user, now))
      : [];
    if (body.groupId && byGroup.length === 0) throw new AppError('DEVICE_LIST_EMPTY', {}, 'groupId');
    const targets = new Map([...byId, ...byGroup].map((r) => [r.id, r]));
    const fen = yuanToFen(body.price);
    await setRobotsPrice(tx, [...targets.keys()], fen, now);
    const groupOf = new Set(byGroup.map((r) => r.id));
    await insertPriceChanges(
      tx,
      [...targets.values()].map((r) => ({
        id: newId(),
        robotId: r.robotId,
        oldPriceFen: r.priceFen,
        newPriceFen: fen,
        groupId: groupOf.has(r.id) ? (body.groupId ?? '') : '',
        changedBy: user.id,
        changedByName: user.name ?? '',
        createdAt: now,
      })),
    );
    return { updated: targets.size };
  });
}

/** GET /api/Devices/priceHistory: price changes of robots in the caller's scope, newest first. */
export async function priceHistory(
  ctx: AppContext,
  user: ScopeUser,
  query: PriceHistoryQuery,
): Promise<{ total: number; datas: PriceChangeDto[] }> {
  const now = ctx.clock.now();
  const { total, rows } = await priceChangesPage(ctx.db, robotScope(user, now), query);
  return {
    total,
    datas: rows.map((r) => ({
      id: r.id,
      robotId: r.robotId,
      oldPrice: r.oldPriceFen === null ? null : fenToYuan(r.oldPriceFen),
      newPrice: r.newPriceFen === null ? null : fenToYuan(r.newPriceFen),
      groupId: r.groupId,
      changedBy: r.changedBy,
      changedByName: r.changedByName,
      time: toUnixSeconds(r.createdAt) ?? 0,
    })),
  };
}
