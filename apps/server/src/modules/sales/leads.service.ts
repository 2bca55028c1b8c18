import { checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
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
import { and, asc, desc, eq, ilike, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import { accountSubtreeIds, assertCanSeeAccount, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { findAccountById } from '../accounts/accounts.queries';
import type { LeadImportError, LeadImportRow } from './leads-import';
import { type LeadRow, leadNotes, leads } from './sales.table';

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

const CHINA_OFFSET_MS = 8 * 3600_000;

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
  ) {}

  /** Operators only: root/admin all leads; others those owned in their subtree (a salesperson: its own). */
  private async scope(user: SessionUser): Promise<SQL | undefined> {
    if (isSuperuser(user)) return undefined;
    if (!isOperatorRole(user.role)) throw new AppError('FORBIDDEN');
    return inArray(leads.ownerId, (await accountSubtreeIds(this.ctx.db, user)) ?? [user.id]);
  }

  private async row(user: SessionUser, id: string, forUpdate = false): Promise<LeadRow> {
    const q = this.ctx.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), await this.scope(user)))
      .limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new AppError('NOT_FOUND', {}, 'id');
    return row;
  }

  private async checkPhone(phone: string, lang: Language, exceptId?: string) {
    const code = checkPhone(phone, lang);
    if (code) throw new AppError(code, {}, 'phone');
    const [dup] = await this.ctx.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.phone, phone), ...(exceptId ? [ne(leads.id, exceptId)] : [])))
      .limit(1);
    if (dup) throw new AppError('LEAD_PHONE_EXISTS', {}, 'phone');
  }

  private async owner(user: SessionUser, ownerId: string | undefined): Promise<{ id: string; name: string }> {
    if (!ownerId || ownerId === user.id) return { id: user.id, name: user.name };
    await assertCanSeeAccount(this.ctx.db, user, ownerId).catch(() => {
      throw new AppError('LEAD_OWNER_INVALID', {}, 'ownerId');
    });
    const account = await findAccountById(this.ctx.db, ownerId);
    if (!account || !isOperatorRole(account.role as SessionUser['role'])) {
      throw new AppError('LEAD_OWNER_INVALID', {}, 'ownerId');
    }
    return { id: account.id, name: account.name };
  }

  async page(user: SessionUser, q: LeadQuery): Promise<{ total: number; datas: LeadDto[] }> {
    const like = containsLike;
    const where = and(
      await this.scope(user),
      q.name ? ilike(leads.name, like(q.name)) : undefined,
      q.phone ? ilike(leads.phone, like(q.phone)) : undefined,
      q.priority ? eq(leads.priority, q.priority) : undefined,
      q.followState ? eq(leads.followState, q.followState) : undefined,
      q.industry ? eq(leads.industry, q.industry) : undefined,
      q.ownerId ? eq(leads.ownerId, q.ownerId) : undefined,
      q.dueBefore !== undefined
        ? and(isNotNull(leads.nextFollowAt), lte(leads.nextFollowAt, new Date(q.dueBefore * 1000)))
        : undefined,
    );
    const [count] = await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where);
    const rows = await this.ctx.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .offset(q.start)
      .limit(q.limit);
    return { total: count?.n ?? 0, datas: rows.map(toLeadDto) };
  }

  async detail(user: SessionUser, id: string): Promise<LeadDetailDto> {
    const row = await this.row(user, id);
    const notes = await this.ctx.db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
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
    await this.scope(user);
    await this.checkPhone(body.phone, lang);
    const owner = await this.owner(user, body.ownerId);
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .insert(leads)
      .values({
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
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('LEAD_PHONE_EXISTS', {}, 'phone');
    return toLeadDto(row);
  }

  async update(user: SessionUser, body: LeadUpdateBody, lang: Language): Promise<LeadDto> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.row(user, body.id, true);
      if (body.phone !== undefined && body.phone !== row.phone) await this.checkPhone(body.phone, lang, row.id);
      const owner = body.ownerId !== undefined ? await this.owner(user, body.ownerId) : null;
      const { id: _id, ownerId: _o, nextFollowAt, ...rest } = body;
      const [updated] = await tx
        .update(leads)
        .set({
          ...rest,
          ...(owner ? { ownerId: owner.id, ownerName: owner.name } : {}),
          ...(nextFollowAt !== undefined ? { nextFollowAt: nextFollowAt ? fromUnixSeconds(nextFollowAt) : null } : {}),
        })
        .where(eq(leads.id, row.id))
        .returning();
      return toLeadDto(updated as LeadRow);
    });
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(user, id, true);
      await tx.delete(leadNotes).where(eq(leadNotes.leadId, row.id));
      await tx.delete(leads).where(eq(leads.id, row.id));
    });
  }

  /** A dated note; a first note moves `notFollowed` to `following`; may set the state and the next reminder. */
  async addNote(user: SessionUser, body: LeadNoteBody): Promise<LeadDetailDto> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(user, body.leadId, true);
      const followState = body.followState ?? (row.followState === 'notFollowed' ? 'following' : row.followState);
      await tx.insert(leadNotes).values({
        id: newId(),
        leadId: row.id,
        authorId: user.id,
        authorName: user.name,
        content: body.content,
        followState: followState !== row.followState ? followState : '',
        createdAt: now,
      });
      await tx
        .update(leads)
        .set({
          followState,
          lastNoteAt: now,
          ...(body.nextFollowAt !== undefined
            ? { nextFollowAt: body.nextFollowAt ? fromUnixSeconds(body.nextFollowAt) : null }
            : {}),
        })
        .where(eq(leads.id, row.id));
    });
    return this.detail(user, body.leadId);
  }

  /**
   * The customer and its first advertiser account in ONE transaction (the customers and accounts services
   * run inside it: ctx.db is the transaction), then the lead is completed with its customer id.
   */
  async convert(user: SessionUser, body: LeadConvertBody, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.row(user, body.leadId, true);
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
      await tx.update(leads).set({ customerId: customer.id, followState: 'completed' }).where(eq(leads.id, row.id));
      return { leadId: row.id, customerId: customer.id, accountId: account.id };
    });
  }

  /**
   * xlsx import: every row checked (file and database duplicates included); all rows are added in one
   * transaction, or none when any row fails (the answer lists the rows and why).
   */
  async importRows(user: SessionUser, parsed: { rows: LeadImportRow[]; errors: LeadImportError[] }, lang: Language) {
    await this.scope(user);
    const errors = [...parsed.errors];
    const phones = parsed.rows.map((r) => r.phone);
    const existing = phones.length
      ? await this.ctx.db.select({ phone: leads.phone }).from(leads).where(inArray(leads.phone, phones))
      : [];
    const taken = new Set(existing.map((e) => e.phone));
    for (const r of parsed.rows) {
      if (taken.has(r.phone))
        errors.push({ row: r.row, code: 'LEAD_PHONE_EXISTS', message: messageFor('LEAD_PHONE_EXISTS', lang) });
    }
    if (errors.length > 0) return { added: 0, errors: errors.sort((a, b) => a.row - b.row) };
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      await tx.insert(leads).values(
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
   * The reminder job: every lead whose next follow-up falls on or before today (China time) and was not
   * reminded for that date gets one notification to its owner.
   */
  async sendDueReminders(): Promise<number> {
    const now = this.ctx.clock.now();
    const local = new Date(now.getTime() + CHINA_OFFSET_MS);
    const endOfToday = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - CHINA_OFFSET_MS,
    );
    const due = await this.ctx.db
      .select()
      .from(leads)
      .where(
        and(
          isNotNull(leads.nextFollowAt),
          lte(leads.nextFollowAt, endOfToday),
          or(sql`${leads.remindedFor} is null`, ne(leads.remindedFor, leads.nextFollowAt)),
        ),
      );
    for (const lead of due) {
      await this.ctx.db.update(leads).set({ remindedFor: lead.nextFollowAt }).where(eq(leads.id, lead.id));
      await this.ctx.notifications.notify(lead.ownerId, LEAD_REMINDER_EVENT, {
        id: lead.id,
        name: lead.name,
        phone: lead.phone,
        nextFollowAt: toUnixSeconds(lead.nextFollowAt),
      });
    }
    return due.length;
  }
}
