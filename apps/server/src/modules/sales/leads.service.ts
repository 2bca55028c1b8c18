import { checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { endOfDayAt } from '@robot-ads/contracts/playback/zoned-time';
import {
  LEAD_REMINDER_EVENT,
  type LeadConvertBody,
  type LeadCreateBody,
  type LeadDetailDto,
  type LeadDto,
  type LeadNoteBody,
  type LeadQuery,
  type LeadUpdateBody,
} from '@robot-ads/contracts/sales/leads.schemas';
import type { FollowState, LeadPriority } from '@robot-ads/contracts/sales/sales.rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { accountSubtreeIds, assertCanSeeAccount, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { findAccountById } from '../accounts/accounts.queries';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  deleteLeadWithNotes,
  dueUnremindedLeads,
  findLead,
  insertLead,
  insertLeadNote,
  insertLeads,
  type LeadScope,
  leadPhoneTaken,
  markLeadReminded,
  notesOfLead,
  pageLeads,
  takenLeadPhones,
  updateLead,
} from './leads.repository';
import type { LeadImportError, LeadImportRow } from './leads-import';
import type { LeadRow } from './sales.table';

/** What converting a lead needs of the customers and accounts modules (their services, passed by buildApp). */
export interface LeadConversionPorts {
  createCustomer(
    user: SessionUser,
    input: { name: string; category: 'advertisers'; phone: string; industry: string; province: string; city: string },
    lang: Language,
  ): Promise<{ id: string }>;
  createAdvertiser(
    user: SessionUser,
    input: { username: string; password: string; name: string; customer: string },
    lang: Language,
  ): Promise<{ id: string }>;
}

export function toLeadDto(r: LeadRow): LeadDto {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    industry: r.industry,
    province: r.province,
    city: r.city,
    source: r.source as LeadDto['source'],
    priority: r.priority as LeadPriority,
    followState: r.followState as FollowState,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    nextFollowAt: toUnixSeconds(r.nextFollowAt),
    customerId: r.customerId,
    createtime: toUnixSeconds(r.createdAt) ?? 0,
    lastNoteAt: toUnixSeconds(r.lastNoteAt),
  };
}

export class LeadsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ports: LeadConversionPorts,
    private readonly notifications: NotificationsService,
  ) {}

  /** Operators only: root/admin all leads; others those owned in their subtree (a salesperson: its own). */
  private async scope(db: DbOrTx, user: SessionUser): Promise<LeadScope> {
    if (isSuperuser(user)) return null;
    if (!isOperatorRole(user.role)) throw new AppError('FORBIDDEN');
    return (await accountSubtreeIds(db, user)) ?? [user.id];
  }

  /** The lead in the caller's scope, read through `db` (inside a command, its transaction; forUpdate locks it). */
  private async row(db: DbOrTx, user: SessionUser, id: string, forUpdate = false): Promise<LeadRow> {
    const row = await findLead(db, id, await this.scope(db, user), forUpdate);
    if (!row) throw new AppError('NOT_FOUND', {}, 'id');
    return row;
  }

  private async checkPhone(db: DbOrTx, phone: string, lang: Language, exceptId?: string) {
    const code = checkPhone(phone, lang);
    if (code) throw new AppError(code, {}, 'phone');
    if (await leadPhoneTaken(db, phone, exceptId)) throw new AppError('LEAD_PHONE_EXISTS', {}, 'phone');
  }

  private async owner(
    db: DbOrTx,
    user: SessionUser,
    ownerId: string | undefined,
  ): Promise<{ id: string; name: string }> {
    if (!ownerId || ownerId === user.id) return { id: user.id, name: user.name };
    await assertCanSeeAccount(db, user, ownerId).catch(() => {
      throw new AppError('LEAD_OWNER_INVALID', {}, 'ownerId');
    });
    const account = await findAccountById(db, ownerId);
    if (!account || !isOperatorRole(account.role as SessionUser['role'])) {
      throw new AppError('LEAD_OWNER_INVALID', {}, 'ownerId');
    }
    return { id: account.id, name: account.name };
  }

  async page(user: SessionUser, q: LeadQuery): Promise<{ total: number; datas: LeadDto[] }> {
    const { total, rows } = await pageLeads(this.ctx.db, await this.scope(this.ctx.db, user), q);
    return { total, datas: rows.map(toLeadDto) };
  }

  async detail(user: SessionUser, id: string): Promise<LeadDetailDto> {
    const row = await this.row(this.ctx.db, user, id);
    const notes = await notesOfLead(this.ctx.db, id);
    return {
      ...toLeadDto(row),
      notes: notes.map((n) => ({
        id: n.id,
        time: toUnixSeconds(n.createdAt) ?? 0,
        authorId: n.authorId,
        authorName: n.authorName,
        content: n.content,
        followState: n.followState as FollowState | '',
      })),
    };
  }

  async create(user: SessionUser, body: LeadCreateBody, lang: Language): Promise<LeadDto> {
    await this.scope(this.ctx.db, user);
    await this.checkPhone(this.ctx.db, body.phone, lang);
    const owner = await this.owner(this.ctx.db, user, body.ownerId);
    const now = this.ctx.clock.now();
    const row = await insertLead(this.ctx.db, {
      id: newId(),
      name: body.name,
      phone: body.phone,
      industry: body.industry,
      province: body.province,
      city: body.city,
      source: body.source,
      priority: body.priority,
      ownerId: owner.id,
      ownerName: owner.name,
      nextFollowAt: body.nextFollowAt ? fromUnixSeconds(body.nextFollowAt) : null,
      createdAt: now,
    });
    if (!row) throw new AppError('LEAD_PHONE_EXISTS', {}, 'phone');
    return toLeadDto(row);
  }

  async update(user: SessionUser, body: LeadUpdateBody, lang: Language): Promise<LeadDto> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.row(tx, user, body.id, true);
      if (body.phone !== undefined && body.phone !== row.phone) await this.checkPhone(tx, body.phone, lang, row.id);
      const owner = body.ownerId !== undefined ? await this.owner(tx, user, body.ownerId) : null;
      const { id: _id, ownerId: _o, nextFollowAt, ...rest } = body;
      const updated = await updateLead(tx, row.id, {
        ...rest,
        ...(owner ? { ownerId: owner.id, ownerName: owner.name } : {}),
        ...(nextFollowAt !== undefined ? { nextFollowAt: nextFollowAt ? fromUnixSeconds(nextFollowAt) : null } : {}),
      });
      return toLeadDto(updated as LeadRow);
    });
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(tx, user, id, true);
      await deleteLeadWithNotes(tx, row.id);
    });
  }

  /** A dated note; a first note moves `notFollowed` to `following`; may set the state and the next reminder. */
  async addNote(user: SessionUser, body: LeadNoteBody): Promise<LeadDetailDto> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(tx, user, body.leadId, true);
      const followState = body.followState ?? (row.followState === 'notFollowed' ? 'following' : row.followState);
      await insertLeadNote(tx, {
        id: newId(),
        leadId: row.id,
        authorId: user.id,
        authorName: user.name,
        content: body.content,
        followState: followState !== row.followState ? followState : '',
        createdAt: now,
      });
      await updateLead(tx, row.id, {
        followState,
        lastNoteAt: now,
        ...(body.nextFollowAt !== undefined
          ? { nextFollowAt: body.nextFollowAt ? fromUnixSeconds(body.nextFollowAt) : null }
          : {}),
      });
    });
    return this.detail(user, body.leadId);
  }

  /**
   * The customer and its first advertiser account in ONE transaction (the customers and accounts services
   * run inside it: ctx.db is the transaction), then the lead is completed with its customer id.
   */
  async convert(user: SessionUser, body: LeadConvertBody, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.row(tx, user, body.leadId, true);
      if (row.customerId) throw new AppError('LEAD_ALREADY_CONVERTED');
      if (row.followState === 'discarded') throw new AppError('LEAD_DISCARDED');
      const customer = await this.ports.createCustomer(
        user,
        {
          name: body.customerName ?? row.name,
          category: 'advertisers',
          phone: row.phone,
          industry: row.industry,
          province: row.province,
          city: row.city,
        },
        lang,
      );
      const account = await this.ports.createAdvertiser(
        user,
        {
          username: body.account.account,
          password: body.account.password,
          name: body.account.name,
          customer: customer.id,
        },
        lang,
      );
      await updateLead(tx, row.id, { customerId: customer.id, followState: 'completed' });
      return { leadId: row.id, customerId: customer.id, accountId: account.id };
    });
  }

  /**
   * xlsx import: every row checked (file and database duplicates included); all rows are added in one
   * transaction, or none when any row fails (the answer lists the rows and why).
   */
  async importRows(user: SessionUser, parsed: { rows: LeadImportRow[]; errors: LeadImportError[] }, lang: Language) {
    await this.scope(this.ctx.db, user);
    const errors = [...parsed.errors];
    const phones = parsed.rows.map((r) => r.phone);
    const taken = new Set(await takenLeadPhones(this.ctx.db, phones));
    for (const r of parsed.rows) {
      if (taken.has(r.phone))
        errors.push({ row: r.row, code: 'LEAD_PHONE_EXISTS', message: messageFor('LEAD_PHONE_EXISTS', lang) });
    }
    if (errors.length > 0) return { added: 0, errors: errors.sort((a, b) => a.row - b.row) };
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      await insertLeads(
        tx,
        parsed.rows.map(({ row: _row, ...r }) => ({
          id: newId(),
          ...r,
          ownerId: user.id,
          ownerName: user.name,
          createdAt: now,
        })),
      );
    });
    return { added: parsed.rows.length, errors: [] };
  }

  /**
   * The reminder job: every lead whose next follow-up falls on or before today (the platform's day, in
   * TIME_ZONE) and was not reminded for that date gets one notification to its owner.
   */
  async sendDueReminders(): Promise<number> {
    const endOfToday = new Date(
      endOfDayAt(Math.floor(this.ctx.clock.now().getTime() / 1000), this.ctx.config.TIME_ZONE) * 1000,
    );
    const due = await dueUnremindedLeads(this.ctx.db, endOfToday);
    for (const lead of due) {
      await markLeadReminded(this.ctx.db, lead.id, lead.nextFollowAt);
      await this.notifications.notify(lead.ownerId, LEAD_REMINDER_EVENT, {
        id: lead.id,
        name: lead.name,
        phone: lead.phone,
        nextFollowAt: toUnixSeconds(lead.nextFollowAt),
      });
    }
    return due.length;
  }
}
