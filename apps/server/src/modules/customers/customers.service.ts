import { checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  CUSTOMER_AUDIT_STATUSES,
  type CustomerAuditStatus,
  type CustomerDto,
} from '@robot-ads/contracts/customers/customers.schemas';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { type CustomerRow, customers } from './customers.table';

export type CustomerAccountRef = CustomerDto['accounts'][number];

export function toCustomerDto(row: CustomerRow, attached: CustomerAccountRef[] = []): CustomerDto {
  return {
    id: row.id,
    name: row.name,
    category: row.category === 'advertiser' ? 'advertiser' : 'advertisers',
    auditStatus: (CUSTOMER_AUDIT_STATUSES as readonly string[]).includes(row.auditStatus)
      ? (row.auditStatus as CustomerAuditStatus)
      : 'unsubmitted',
    auditNote: row.auditNote,
    phone: row.phone,
    industry: row.industry,
    province: row.province,
    city: row.city,
    district: row.district,
    contacts: row.contacts ?? [],
    accounts: attached,
    ownerId: row.ownerId,
    createtime: toUnixSeconds(row.createdAt) ?? 0,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers (advertisers' clients): root/admin all, operators their subtree's, advertisers their own. */
/** Whether an account belongs to the customer; accounts sit above customers, so buildApp passes it in. */
export type CustomerHasAccount = (customerId: string) => Promise<boolean>;

export class CustomersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly customerHasAccount: CustomerHasAccount,
  ) {}

  /** The scope condition, or 'none' when the caller may see no customer at all. */
  private async scopeCondition(user: SessionUser): Promise<SQL | undefined | 'none'> {
    const scope = await dataScope(this.ctx.db, user);
    switch (scope.kind) {
      case 'all':
        return undefined;
      case 'subtree':
        return inArray(customers.ownerId, scope.accountIds);
      case 'customer':
        return scope.customerId ? eq(customers.id, scope.customerId) : 'none';
      default:
        return 'none';
    }
  }

  async page(
    user: SessionUser,
    q: { start: number; limit: number; name?: string; category?: string },
  ): Promise<{ total: number; datas: CustomerDto[] }> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') return { total: 0, datas: [] };
    const where = and(
      scope,
      q.name ? ilike(customers.name, `%${escapeLike(q.name)}%`) : undefined,
      q.category ? eq(customers.category, q.category) : undefined,
    );
    const [total] = await this.ctx.db.select({ n: count() }).from(customers).where(where);
    const rows = await this.ctx.db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .offset(q.start)
      .limit(q.limit);
    return { total: total?.n ?? 0, datas: rows.map((r) => toCustomerDto(r)) };
  }

  /** For selectors: customers in scope by name, at most `limit` (more via search). */
  async findAll(user: SessionUser, q: { name?: string; limit: number }): Promise<CustomerDto[]> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') return [];
    const rows = await this.ctx.db
      .select()
      .from(customers)
      .where(and(scope, q.name ? ilike(customers.name, `${escapeLike(q.name)}%`) : undefined))
      .orderBy(asc(customers.name))
      .limit(q.limit);
    return rows.map((r) => toCustomerDto(r));
  }

  async get(user: SessionUser, id: string): Promise<CustomerDto> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') throw new AppError('FORBIDDEN');
    const [row] = await this.ctx.db.select().from(customers).where(eq(customers.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    const [visible] = await this.ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, id), scope));
    if (!visible) throw new AppError('FORBIDDEN');
    return toCustomerDto(row);
  }

  private async checkUnique(name: string | undefined, phone: string | undefined, exceptId?: string) {
    if (name) {
      const [row] = await this.ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.name, name), exceptId ? ne(customers.id, exceptId) : undefined));
      if (row) throw new AppError('CUSTOMER_NAME_EXISTS', {}, 'name');
    }
    if (phone) {
      const [row] = await this.ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.phone, phone), exceptId ? ne(customers.id, exceptId) : undefined));
      if (row) throw new AppError('CUSTOMER_PHONE_EXISTS', {}, 'phone');
    }
  }

  private checkPhone(phone: string | undefined, lang: Language) {
    if (!phone) return;
    const code = checkPhone(phone, lang);
    if (code) throw new AppError(code, {}, 'phone');
  }

  /** A new customer, managed by the caller (operators see it through their subtree). */
  async create(
    user: SessionUser,
    input: { name: string; category: string; phone: string; industry: string },
    lang: Language,
  ): Promise<CustomerDto> {
    this.checkPhone(input.phone, lang);
    await this.checkUnique(input.name, input.phone);
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .insert(customers)
      .values({ id: newId(now.getTime()), ...input, ownerId: user.id, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new AppError('OPERATION_FAILED');
    return toCustomerDto(row);
  }

  async update(
    user: SessionUser,
    input: { id: string; name?: string; category?: string; phone?: string; industry?: string },
    lang: Language,
  ): Promise<CustomerDto> {
    await this.get(user, input.id);
    this.checkPhone(input.phone, lang);
    await this.checkUnique(input.name, input.phone, input.id);
    const { id, ...patch } = input;
    const [row] = await this.ctx.db
      .update(customers)
      .set({ ...patch, updatedAt: this.ctx.clock.now() })
      .where(eq(customers.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return toCustomerDto(row);
  }

  /** Deletes a customer in scope that no advertiser account belongs to. */
  async remove(user: SessionUser, id: string): Promise<void> {
    await this.get(user, id);
    if (await this.customerHasAccount(id)) throw new AppError('CUSTOMER_IN_USE');
    await this.ctx.db.delete(customers).where(eq(customers.id, id));
  }
}
