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
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { RequestValidationError } from '../../platform/validation';
import {
  type CustomerPageFilter,
  customerScopeCondition,
  customersByNamePrefix,
  customerValueTaken,
  customerVisible,
  deleteCustomer,
  findCustomer,
  findCustomerForUpdate,
  insertCustomer,
  pageCustomers,
  submitForReview,
  updateCustomer,
} from './customers.repository';
import type { CustomerRow } from './customers.table';

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
    return customerScopeCondition(await dataScope(this.ctx.db, user));
  }

  async page(user: SessionUser, q: CustomerPageFilter): Promise<{ total: number; datas: CustomerDto[] }> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') return { total: 0, datas: [] };
    const { total, rows } = await pageCustomers(this.ctx.db, scope, q);
    return { total, datas: await this.withAccounts(rows) };
  }

  /** For selectors: customers in scope by name, at most `limit` (more via search). */
  async findAll(user: SessionUser, q: { name?: string; limit: number }): Promise<CustomerDto[]> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') return [];
    const rows = await customersByNamePrefix(this.ctx.db, scope, q);
    return this.withAccounts(rows);
  }

  async get(user: SessionUser, id: string): Promise<CustomerDto> {
    const scope = await this.scopeCondition(user);
    if (scope === 'none') throw new AppError('FORBIDDEN');
    const row = await findCustomer(this.ctx.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (!(await customerVisible(this.ctx.db, id, scope))) throw new AppError('FORBIDDEN');
    return (await this.withAccounts([row]))[0] as CustomerDto;
  }

  private async checkUnique(name: string | undefined, phone: string | undefined, exceptId?: string) {
    if (name && (await customerValueTaken(this.ctx.db, 'name', name, exceptId))) {
      throw new AppError('CUSTOMER_NAME_EXISTS', {}, 'name');
    }
    if (phone && (await customerValueTaken(this.ctx.db, 'phone', phone, exceptId))) {
      throw new AppError('CUSTOMER_PHONE_EXISTS', {}, 'phone');
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
    const row = await insertCustomer(this.ctx.db, {
      id: newId(now.getTime()),
      ...input,
      // A new customer passes the review of its enterprise information before it may apply for delivery.
      auditStatus: 'unsubmitted',
      ownerId: user.id,
      createdAt: now,
      updatedAt: now,
    });
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
      const before = await findCustomerForUpdate(this.ctx.db, id);
      if (!before) throw new AppError('NOT_FOUND');
      const renamed = patch.name !== undefined && patch.name !== before.name;
      // The name is part of what the customer review decides on (its snapshot keeps the name then).
      if (renamed && before.auditStatus === 'pending') throw new AppError('CUSTOMER_AUDIT_PENDING', {}, 'name');
      await updateCustomer(this.ctx.db, id, { ...patch, updatedAt: now });
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
    await deleteCustomer(this.ctx.db, id);
  }
}
