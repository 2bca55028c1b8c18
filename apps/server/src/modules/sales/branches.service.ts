import { isOperatorRole, type Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { fenToYuan } from '@robot-ads/contracts/devices/devices.rules';
import type { BranchDto } from '@robot-ads/contracts/sales/branches.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { accountSubtreeIds, assertCanSeeAccount, descendantIds, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { findAccountById } from '../accounts/accounts.queries';
import type { AdLinkCounter } from '../ads/ads.service';
import { customersManagedBy } from '../customers/customers.queries';
import { regionsOfRobots, robotsInRegions } from '../devices/devices.queries';
import {
  allBranchRegions,
  type BranchScope,
  branchAccountTaken,
  deleteBranch,
  findBranch,
  insertBranch,
  orderCountOf,
  pageBranches,
  updateBranch,
} from './branches.repository';
import type { BranchRow } from './sales.table';

type Region = { province: string; city: string };
type Page = { start: number; limit: number };

/** Branches (/LubanBranches): regional accounts with their regions, robots, customers and orders. */
export class BranchesService {
  constructor(private readonly ctx: AppContext) {}

  private async scope(user: SessionUser): Promise<BranchScope> {
    if (isSuperuser(user)) return null;
    if (!isOperatorRole(user.role)) throw new AppError('FORBIDDEN');
    return (await accountSubtreeIds(this.ctx.db, user)) ?? [user.id];
  }

  private async row(user: SessionUser, id: string): Promise<BranchRow> {
    const row = await findBranch(this.ctx.db, id, await this.scope(user));
    if (!row) throw new AppError('NOT_FOUND', {}, 'id');
    return row;
  }

  private async toDto(r: BranchRow): Promise<BranchDto> {
    const agents = await descendantIds(this.ctx.db, r.accountId);
    const [robots, customers, orderCount] = await Promise.all([
      robotsInRegions(this.ctx.db, r.regions, { start: 0, limit: 1 }),
      customersManagedBy(this.ctx.db, agents, { start: 0, limit: 1 }),
      orderCountOf(this.ctx.db, agents),
    ]);
    const account = await findAccountById(this.ctx.db, r.accountId);
    return {
      id: r.id,
      name: r.name,
      accountId: r.accountId,
      accountName: account?.name ?? '',
      regions: r.regions,
      robotCount: robots.total,
      customerCount: customers.total,
      orderCount,
      createtime: toUnixSeconds(r.createdAt) ?? 0,
    };
  }

  async page(user: SessionUser, q: Page & { name?: string; province?: string }) {
    const { total, rows } = await pageBranches(this.ctx.db, await this.scope(user), q);
    const datas: BranchDto[] = [];
    for (const r of rows) datas.push(await this.toDto(r));
    return { total, datas };
  }

  private async checkAgent(user: SessionUser, accountId: string, exceptId?: string) {
    await assertCanSeeAccount(this.ctx.db, user, accountId);
    const account = await findAccountById(this.ctx.db, accountId);
    if (!account || !isOperatorRole(account.role as Role)) throw new AppError('NOT_FOUND', {}, 'accountId');
    if (await branchAccountTaken(this.ctx.db, accountId, exceptId))
      throw new AppError('BRANCH_ACCOUNT_TAKEN', {}, 'accountId');
  }

  async create(user: SessionUser, body: { name: string; accountId: string; regions: Region[] }) {
    await this.scope(user);
    await this.checkAgent(user, body.accountId);
    const row = await insertBranch(this.ctx.db, {
      id: newId(),
      ...body,
      createdBy: user.id,
      createdAt: this.ctx.clock.now(),
    });
    if (!row) throw new AppError('BRANCH_ACCOUNT_TAKEN', {}, 'accountId');
    return this.toDto(row);
  }

  async update(user: SessionUser, body: { id: string; name?: string; accountId?: string; regions?: Region[] }) {
    const row = await this.row(user, body.id);
    if (body.accountId && body.accountId !== row.accountId) await this.checkAgent(user, body.accountId, row.id);
    const { id: _id, ...patch } = body;
    const updated = await updateBranch(this.ctx.db, row.id, patch);
    return this.toDto(updated as BranchRow);
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    const row = await this.row(user, id);
    await deleteBranch(this.ctx.db, row.id);
  }

  async robots(user: SessionUser, q: Page & { id: string }) {
    const row = await this.row(user, q.id);
    const { total, rows } = await robotsInRegions(this.ctx.db, row.regions, q);
    return {
      total,
      datas: rows.map((r) => ({
        robotId: r.robotId,
        name: r.name,
        province: r.province ?? '',
        city: r.city ?? '',
        salesType: r.salesType,
        price: r.priceFen === null ? null : fenToYuan(r.priceFen),
      })),
    };
  }

  async customers(user: SessionUser, q: Page & { id: string }) {
    const row = await this.row(user, q.id);
    const { total, rows } = await customersManagedBy(this.ctx.db, await descendantIds(this.ctx.db, row.accountId), q);
    return { total, datas: rows };
  }

  /** The branch's agent subtree, for its orders (OrdersService.page with this scope). */
  async agentIds(user: SessionUser, id: string): Promise<string[]> {
    const row = await this.row(user, id);
    return descendantIds(this.ctx.db, row.accountId);
  }

  /**
   * Section 8 (docs/sales.md): how many regional accounts an online ad is linked to: branches whose
   * regions hold a robot the ad is live on. `liveRobotRefs` comes from publishing (passed by buildApp).
   */
  static adRegionalLinkCounter(liveRobotRefs: (db: DbOrTx, adId: string) => Promise<string[]>): AdLinkCounter {
    return async (db, adId) => {
      const places = await regionsOfRobots(db, await liveRobotRefs(db, adId));
      if (places.length === 0) return { devices: 0, accounts: 0, regionalAccounts: 0 };
      const rows = await allBranchRegions(db);
      const linked = rows.filter((b) =>
        b.regions.some((r) => places.some((p) => p.province === r.province && (!r.city || p.city === r.city))),
      );
      return { devices: 0, accounts: 0, regionalAccounts: linked.length };
    };
  }
}
