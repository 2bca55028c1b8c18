import type { ErrorCode } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  CUSTOMER_AUDIT_STATUSES,
  type CustomerAuditStatus,
  type CustomerDto,
  customerRulesIssues,
} from '@robot-ads/contracts/customers/customers.schemas';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { containsLike, escapeLike } from '../../platform/like';
import { dataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { RequestValidationError } from '../../platform/validation';
import { type CustomerRow, customers } from './customers.table';
import { submitForReview } from './enterprise-review';

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

interface CustomerInput {
  phone?: string;
  industry?: string;
  province?: string;
  city?: string;
  district?: string;
  contacts?: Array<{ name: string; phone: string }>;
}

/** What customers need of accounts (accounts sit above customers, so buildApp passes it in). */
export interface CustomerAccountsLink {
  /** Whether an account belongs to the customer. */
  hasAccount(customerId: string): Promise<boolean>;
  /** The accounts attached to each of these customers. */
  accountsOf(customerIds: readonly string[]): Promise<Map<string, CustomerAccountRef[]>>;
}

/** Customers (advertisers' clients): root/admin all, operators their subtree's, advertisers their own. */
export class CustomersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly accountsLink: CustomerAccountsLink,
  ) {}

  private async withAccounts(rows: CustomerRow[]): Promise<CustomerDto[]> {
    const attached = await this.accountsLink.accountsOf(rows.map((r) => r.id));
    return rows.map((r) => toCustomerDto(r, attached.get(r.id) ?? []));
  }

  /** The scope condition, or 'none' when the caller may see no customer at all. */
  async scopeCondition(user: SessionUser): Promise<SQL | undefined | 'none'> {
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
    q: {
      start: number;
      limit: number;
      name?: string;
      category?: string;
      industry?: string;
      auditStatus?: string;
      province?: string;
      city?: string;
      contact?: string;
    },
  ): Promise<{ total: number; datas: CustomerDto[] }> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') return { total: 0, datas: [] };
    const like = containsLike;
    const where = and(
      scope,
      q.name ? ilike(customers.name, like(q.name)) : undefined,
      q.category ? eq(customers.category, q.category) : undefined,
      q.industry ? eq(customers.industry, q.industry) : undefined,
      q.auditStatus ? eq(customers.auditStatus, q.auditStatus) : undefined,
      q.province ? eq(customers.province, q.province) : undefined,
      q.city ? eq(customers.city, q.city) : undefined,
      q.contact
        ? or(
            ilike(customers.phone, like(q.contact)),
            sql`exists (select 1 from jsonb_array_elements(${customers.contacts}) c
              where c->>'name' ilike ${like(q.contact)} or c->>'phone' ilike ${like(q.contact)})`,
          )
        : undefined,
    );
    const [total] = await this.ctx.db.select({ n: count() }).from(customers).where(where);
    const rows = await this.ctx.db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .offset(q.start)
      .limit(q.limit);
    return { total: total?.n ?? 0, datas: await this.withAccounts(rows) };
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
    return this.withAccounts(rows);
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
    return (await this.withAccounts([row]))[0] as CustomerDto;
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

  private checkRules(input: { phone?: string; contacts?: Array<{ name: string; phone: string }> }, lang: Language) {
    const issues = customerRulesIssues(input, lang);
    const phone = issues.find((i) => i.path[0] === 'phone');
    if (phone) throw new AppError(phone.code as ErrorCode, {}, 'phone');
    if (issues.length > 0) {
      throw new RequestValidationError(
        issues.map((i) => ({ code: 'custom', path: i.path, message: i.code, input: undefined })),
      );
    }
  }

  /** A new customer, managed by the caller (operators see it through their subtree). */
  async create(
    user: SessionUser,
    input: CustomerInput & { name: string; category: string },
    lang: Language,
  ): Promise<CustomerDto> {
    this.checkRules(input, lang);
    await this.checkUnique(input.name, input.phone);
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .insert(customers)
      .values({
        id: newId(now.getTime()),
        ...input,
        // A new customer passes the review of its enterprise information before it may apply for delivery.
        auditStatus: 'unsubmitted',
        ownerId: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new AppError('OPERATION_FAILED');
    return this.get(user, row.id);
  }

  async update(
    user: SessionUser,
    input: CustomerInput & { id: string; name?: string; category?: string },
    lang: Language,
  ): Promise<CustomerDto> {
    await this.get(user, input.id);
    this.checkRules(input, lang);
    await this.checkUnique(input.name, input.phone, input.id);
    const { id, ...patch } = input;
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      const [before] = await this.ctx.db.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const renamed = patch.name !== undefined && patch.name !== before.name;
      // The name is part of what the customer review decides on (its snapshot keeps the name then).
      if (renamed && before.auditStatus === 'pending') throw new AppError('CUSTOMER_AUDIT_PENDING', {}, 'name');
      await this.ctx.db
        .update(customers)
        .set({ ...patch, updatedAt: now })
        .where(eq(customers.id, id));
      // An approved customer renamed goes back to review; the approval stays in force until it is decided.
      if (renamed && before.auditStatus === 'pass') {
        await submitForReview(this.ctx.db, {
          customerId: id,
          customerName: patch.name as string,
          applicantId: user.id,
          applicantName: user.name,
          now,
        });
      }
    });
    return this.get(user, id);
  }

  /** Deletes a customer in scope that no advertiser account belongs to. */
  async remove(user: SessionUser, id: string): Promise<void> {
    await this.get(user, id);
    if (await this.accountsLink.hasAccount(id)) throw new AppError('CUSTOMER_IN_USE');
    await this.ctx.db.delete(customers).where(eq(customers.id, id));
  }
}
