import { checkName, checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import type { AccountDto, ownerReviewScopeDto } from '@robot-ads/contracts/accounts/accounts.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { assertCanSeeAccount } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { findAccountById, findAccountsByIds, phoneTakenByOther, updateAccount } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { AccountRow } from './accounts.table';

type OwnerReviewScope = z.infer<typeof ownerReviewScopeDto>;

/** Owners (Proprietors): an owner account's contact, and whose applications it reviews. */
export class OwnerAccountsService {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly accounts: AccountsService,
  ) {}

  /** An owner (project) account: itself, or one in an operator's subtree. */
  private async ownerRow(user: SessionUser, id: string): Promise<AccountRow> {
    const row = await findAccountById(this.ctx.db, id);
    if (row?.role !== 'project') throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.ctx.db, user, id);
    return row;
  }

  /** GET /api/Proprietors/updateContact: the owner's contact name and phone (locale rule, unique). */
  async updateOwnerContact(
    user: SessionUser,
    q: { id?: string; name: string; phone: string },
    lang: Language,
  ): Promise<AccountDto> {
    const id = q.id ?? user.id;
    const row = await this.ownerRow(user, id);
    const code = checkPhone(q.phone, lang);
    if (code) throw new AppError(code, {}, 'phone');
    if (await phoneTakenByOther(this.ctx.db, q.phone, id)) throw new AppError('CONTACT_PHONE_EXISTS', {}, 'phone');
    if (q.name) {
      const nameCode = checkName(q.name);
      if (nameCode) throw new AppError(nameCode, {}, 'name');
    }
    await updateAccount(this.ctx.db, id, {
      contact: { name: q.name || (row.contact?.name ?? ''), phone: q.phone },
      updatedAt: this.ctx.clock.now(),
    });
    return this.accounts.get(user, id);
  }

  async reviewScope(user: SessionUser, accountId: string): Promise<OwnerReviewScope> {
    const row = await this.ownerRow(user, accountId);
    const ids = row.reviewApplicants ?? [];
    const rows = await findAccountsByIds(this.ctx.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      accountId,
      autoAudit: row.autoAudit ? 'yes' : 'no',
      applicants: ids.flatMap((i) => {
        const a = byId.get(i);
        return a ? [{ id: a.id, account: a.username, name: a.name, role: a.role as Role }] : [];
      }),
    };
  }

  /**
   * PUT /api/Proprietors/reviewScope (operators): whose applications an owner in the subtree reviews
   * (operator and advertiser accounts in the caller's scope; none: everybody's) and its autoAudit.
   */
  async setReviewScope(
    user: SessionUser,
    body: { accountId: string; applicantIds: string[]; autoAudit?: 'yes' | 'no' },
  ): Promise<OwnerReviewScope> {
    const owner = await this.ownerRow(user, body.accountId);
    if (owner.id === user.id) throw new AppError('FORBIDDEN');
    const ids = [...new Set(body.applicantIds)];
    const rows = await findAccountsByIds(this.ctx.db, ids);
    const allowed = new Set<string>([...OPERATOR_ROLES, ...ADVERTISER_ROLES]);
    for (const id of ids) {
      const r = rows.find((x) => x.id === id);
      if (!r || !allowed.has(r.role)) throw new AppError('NOT_FOUND', {}, 'applicantIds');
      await assertCanSeeAccount(this.ctx.db, user, id);
    }
    await updateAccount(this.ctx.db, owner.id, {
      reviewApplicants: ids,
      ...(body.autoAudit ? { autoAudit: body.autoAudit === 'yes' } : {}),
      updatedAt: this.ctx.clock.now(),
    });
    return this.reviewScope(user, owner.id);
  }
}
