import { checkName, checkPhone, profileSchema } from '@robot-ads/contracts/accounts/accounts.rules';
import { type AccountDto, canGiveRole } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { SessionInfo } from '@robot-ads/contracts/auth/auth.schemas';
import { ADVERTISER_ROLES, PARENT_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds } from '@robot-ads/contracts/common/time';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { accountSubtreeIds, assertCanSeeAccount, descendantIds } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { RequestValidationError } from '../../platform/validation';
import { customerNamesByIds, findCustomerById } from '../customers/customers.queries';
import {
  type AccountFilter,
  type AdvertiserInput,
  asBool,
  type ManagedInput,
  type NewManagedInput,
  toAccountDto,
} from './accounts.dto';
import { toSessionInfo } from './accounts.mapper';
import {
  deleteAccountById,
  findAccountById,
  findAccountByUsername,
  hasChildAccount,
  insertAccount,
  pageAccounts,
  phoneTakenByOther,
  updateAccount,
} from './accounts.repository';
import type { AccountRow } from './accounts.table';

/** What accounts need of the auth module (passed by buildApp): password hashes and ending sessions. */
export interface AccountCredentials {
  hash(password: string): Promise<string>;
  revokeAllOf(userId: string, reason: string): Promise<void>;
}

/** Accounts, profiles and advertiser accounts; every read and write limited to the caller's scope. */
export class AccountsService {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly credentials: AccountCredentials,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** A page of accounts within the caller's scope (operators: subtree; root/admin: all). */
  async page(user: SessionUser, filter: AccountFilter): Promise<{ total: number; datas: AccountDto[] }> {
    const { total, rows } = await pageAccounts(this.db, { ...filter, scope: await accountSubtreeIds(this.db, user) });
    const names = await customerNamesByIds(
      this.db,
      rows.flatMap((r) => (r.customerId ? [r.customerId] : [])),
    );
    return {
      total,
      datas: rows.map((r) => toAccountDto(r, r.customerId ? (names.get(r.customerId) ?? null) : null)),
    };
  }

  async children(user: SessionUser, id: string | undefined): Promise<AccountDto[]> {
    const parentId = id ?? user.id;
    await assertCanSeeAccount(this.db, user, parentId);
    const { datas } = await this.page(user, { parentId, start: 0, limit: 1000 });
    return datas;
  }

  /** The parent-account dictionary: super and administrator accounts in scope. */
  async administrators(user: SessionUser): Promise<AccountDto[]> {
    const { datas } = await this.page(user, { roles: PARENT_ROLES, start: 0, limit: 1000 });
    return datas;
  }

  async get(user: SessionUser, id: string): Promise<AccountDto> {
    const row = await findAccountById(this.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.db, user, id);
    let customerName: string | null = null;
    if (row.customerId) {
      customerName = (await findCustomerById(this.db, row.customerId))?.name ?? null;
    }
    return toAccountDto(row, customerName);
  }

  async current(user: SessionUser): Promise<SessionInfo> {
    const row = await findAccountById(this.db, user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    return toSessionInfo(row);
  }

  /** PUT /api/Users: one's own profile, with the section 5 rules for the caller's locale. */
  async updateProfile(user: SessionUser, body: Record<string, unknown>, lang: Language): Promise<SessionInfo> {
    if (body.id && body.id !== user.id) throw new AppError('FORBIDDEN');
    const { id: _id, lang: language, ...profile } = body;
    if ((language === 'zh' || language === 'en') && Object.values(profile).every((v) => v === undefined)) {
      // The language alone (the language switch): saved whatever the rest of the profile holds.
      const saved = await updateAccount(this.db, user.id, { lang: language, updatedAt: this.ctx.clock.now() });
      if (!saved) throw new AppError('UNAUTHORIZED');
      return toSessionInfo(saved);
    }
    const parsed = profileSchema(lang).safeParse(
      { name: '', phone: '', email: '', sex: '', ...body },
      { reportInput: true },
    );
    if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
    const v = parsed.data;
    const row = await findAccountById(this.db, user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    if (await phoneTakenByOther(this.db, v.phone, user.id)) {
      throw new AppError('CONTACT_PHONE_EXISTS', {}, 'phone');
    }
    if (v.contactPhone && (await phoneTakenByOther(this.db, v.contactPhone, user.id))) {
      throw new AppError('CONTACT_PHONE_EXISTS', {}, 'contactPhone');
    }
    const updated = await updateAccount(this.db, user.id, {
      name: v.name,
      phone: v.phone,
      email: v.email,
      sex: v.sex,
      ...(v.avatar !== undefined ? { avatar: v.avatar } : {}),
      ...(v.lang ? { lang: v.lang } : {}),
      ...(v.contactPhone !== undefined ? { contact: { name: row.contact?.name ?? '', phone: v.contactPhone } } : {}),
      updatedAt: this.ctx.clock.now(),
    });
    if (!updated) throw new AppError('EDIT_FAILED');
    return toSessionInfo(updated);
  }

  // ---- sub-accounts (operators manage their subtree) ----

  /** The parent must be a super/administrator account in the caller's scope. */
  private async checkParent(user: SessionUser, parentId: string) {
    const parent = await findAccountById(this.db, parentId);
    if (!parent || !(PARENT_ROLES as readonly string[]).includes(parent.role)) {
      throw new AppError('PARENT_INVALID', {}, 'parentId');
    }
    await assertCanSeeAccount(this.db, user, parentId);
  }

  /** A managed (non-advertiser) account the caller may change: in scope, not itself, not root/admin. */
  private async managedRow(user: SessionUser, id: string): Promise<AccountRow> {
    const row = await findAccountById(this.db, id);
    if (!row || (ADVERTISER_ROLES as readonly string[]).includes(row.role)) throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.db, user, id);
    this.assertChangeable(user, row);
    return row;
  }

  /** Nobody disables, deletes or edits itself here, nor a root/admin account (spec section 5/6). */
  private assertChangeable(user: SessionUser, row: AccountRow) {
    if (row.id === user.id) throw new AppError('ACCOUNT_SELF');
    if (row.principals) throw new AppError('ACCOUNT_PROTECTED');
  }

  /** Nobody gives an account a role above its own (root and admin may give any). */
  private assertRole(user: SessionUser, role: string | undefined) {
    if (role && !canGiveRole(user, role as Role)) throw new AppError('ROLE_ELEVATION', {}, 'role');
  }

  /** Name (legal characters, 2-15), phone and contact phone (by locale, unique among accounts). */
  private async checkPersonal(
    input: { name?: string; phone?: string; contact?: { name: string; phone: string } },
    lang: Language,
    exceptId: string,
  ) {
    if (input.name !== undefined) {
      const code = checkName(input.name);
      if (code) throw new AppError(code, {}, 'name');
    }
    const phones: Array<[string, string | undefined]> = [
      ['phone', input.phone],
      ['contact.phone', input.contact?.phone],
    ];
    for (const [field, phone] of phones) {
      if (!phone) continue;
      const code = checkPhone(phone, lang);
      if (code) throw new AppError(code, {}, field);
      if (await phoneTakenByOther(this.db, phone, exceptId)) throw new AppError('CONTACT_PHONE_EXISTS', {}, field);
    }
  }

  /** Any account below the caller (advertisers too) that it may change: in scope, not itself, not root/admin. */
  private async childRow(user: SessionUser, id: string): Promise<AccountRow> {
    const row = await findAccountById(this.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.db, user, id);
    this.assertChangeable(user, row);
    return row;
  }

  /** POST /api/Users/resetPassword: a new password for an account in the subtree; its sessions end. */
  async resetPassword(user: SessionUser, id: string, password: string): Promise<void> {
    await this.childRow(user, id);
    await updateAccount(this.db, id, {
      passwordHash: await this.credentials.hash(password),
      updatedAt: this.ctx.clock.now(),
    });
    await this.credentials.revokeAllOf(id, 'password reset');
  }

  /** POST /api/Users/status: enable or disable an account in the subtree; disabling ends its sessions. */
  async setStatus(user: SessionUser, id: string, status: 'enabled' | 'disabled'): Promise<AccountDto> {
    await this.childRow(user, id);
    await updateAccount(this.db, id, { enabled: status === 'enabled', updatedAt: this.ctx.clock.now() });
    if (status === 'disabled') await this.credentials.revokeAllOf(id, 'account disabled');
    return this.get(user, id);
  }

  /**
   * The checks of a new sub-account (parent in scope, no role elevation, name and phones, validity,
   * login name free), without writing anything: the owner import checks its rows with them.
   */
  async checkNewAccount(user: SessionUser, input: NewManagedInput, lang: Language = 'zh'): Promise<void> {
    await this.checkParent(user, input.parentId ?? user.id);
    this.assertRole(user, input.role);
    await this.checkPersonal(input, lang, '');
    if (input.begin && input.end && input.end <= input.begin) throw new AppError('END_BEFORE_START', {}, 'end');
    if (await findAccountByUsername(this.db, input.username)) throw new AppError('USERNAME_EXISTS', {}, 'username');
  }

  async createAccount(user: SessionUser, input: NewManagedInput, lang: Language = 'zh'): Promise<AccountDto> {
    const parentId = input.parentId ?? user.id;
    await this.checkNewAccount(user, input, lang);
    // Before the insert's try: a refused password (the demo one in production) is its own answer.
    const passwordHash = await this.credentials.hash(input.password);
    const id = newId();
    try {
      await insertAccount(this.db, {
        id,
        parentId,
        role: input.role,
        username: input.username,
        passwordHash,
        name: input.name,
        beginAt: fromUnixSeconds(input.begin ?? null),
        endAt: fromUnixSeconds(input.end ?? null),
        enabled: input.status !== 'disabled',
        used: input.used ?? true,
        autoAudit: asBool(input.autoAudit) ?? false,
        isSoldOut: input.isSoldOut ?? false,
        projectId: input.projectId ?? null,
        phone: input.phone ?? '',
        email: input.email ?? '',
        contact: input.contact ?? { name: '', phone: '' },
      });
    } catch (err) {
      if (await findAccountByUsername(this.db, input.username)) throw new AppError('USERNAME_EXISTS', {}, 'username');
      this.ctx.log.error({ err }, 'account insert failed');
      throw new AppError('ACCOUNT_CREATE_FAILED');
    }
    return this.get(user, id);
  }

  async updateAccount(user: SessionUser, id: string, input: ManagedInput, lang: Language = 'zh'): Promise<AccountDto> {
    const row = await this.managedRow(user, id);
    this.assertRole(user, input.role);
    await this.checkPersonal(input, lang, id);
    if (input.parentId && input.parentId !== row.parentId) {
      await this.checkParent(user, input.parentId);
      // A parent inside the account's own subtree would make a cycle.
      if ((await descendantIds(this.db, id)).includes(input.parentId))
        throw new AppError('PARENT_INVALID', {}, 'parentId');
    }
    const begin = input.begin !== undefined ? fromUnixSeconds(input.begin) : row.beginAt;
    const end = input.end !== undefined ? fromUnixSeconds(input.end) : row.endAt;
    if (begin && end && end <= begin) throw new AppError('END_BEFORE_START', {}, 'end');
    await updateAccount(this.db, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.role ? { role: input.role } : {}),
      ...(input.parentId ? { parentId: input.parentId } : {}),
      ...(input.status ? { enabled: input.status === 'enabled' } : {}),
      ...(input.used !== undefined ? { used: input.used } : {}),
      ...(input.autoAudit !== undefined ? { autoAudit: asBool(input.autoAudit) } : {}),
      ...(input.isSoldOut !== undefined ? { isSoldOut: input.isSoldOut } : {}),
      ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.contact ? { contact: input.contact } : {}),
      ...(input.password ? { passwordHash: await this.credentials.hash(input.password) } : {}),
      beginAt: begin,
      endAt: end,
      updatedAt: this.ctx.clock.now(),
    });
    if (input.status === 'disabled' || input.password || (input.role && input.role !== row.role)) {
      await this.credentials.revokeAllOf(id, 'account changed');
    }
    return this.get(user, id);
  }

  async deleteAccount(user: SessionUser, id: string): Promise<void> {
    await this.managedRow(user, id);
    if (await hasChildAccount(this.db, id)) throw new AppError('ACCOUNT_HAS_CHILDREN');
    await this.credentials.revokeAllOf(id, 'account deleted');
    await deleteAccountById(this.db, id);
  }

  // ---- advertiser accounts (AdvertiserUsers) ----

  private async checkCustomer(user: SessionUser, customerId: string) {
    const c = await findCustomerById(this.db, customerId);
    if (!c) throw new AppError('CUSTOMER_NOT_FOUND', {}, 'customer');
    const scope = await accountSubtreeIds(this.db, user);
    // Customers without a managing account belong to root/admin only.
    if (scope && (!c.ownerId || !scope.includes(c.ownerId))) throw new AppError('CUSTOMER_NOT_FOUND', {}, 'customer');
  }

  private async advertiserRow(user: SessionUser, id: string): Promise<AccountRow> {
    const row = await findAccountById(this.db, id);
    if (!row || !(ADVERTISER_ROLES as readonly string[]).includes(row.role)) throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.db, user, id);
    return row;
  }

  async getAdvertiser(user: SessionUser, id: string): Promise<AccountDto> {
    await this.advertiserRow(user, id);
    return this.get(user, id);
  }

  async createAdvertiser(
    user: SessionUser,
    input: AdvertiserInput & { username: string; password: string; name: string; customer: string },
    lang: Language = 'zh',
  ): Promise<AccountDto> {
    const parentId = input.parentId ?? user.id;
    await assertCanSeeAccount(this.db, user, parentId);
    await this.checkPersonal(input, lang, '');
    await this.checkCustomer(user, input.customer);
    if (input.begin && input.end && input.end <= input.begin) throw new AppError('END_BEFORE_START', {}, 'end');
    if (await findAccountByUsername(this.db, input.username)) throw new AppError('USERNAME_EXISTS', {}, 'username');
    const passwordHash = await this.credentials.hash(input.password);
    const id = newId();
    try {
      await insertAccount(this.db, {
        id,
        parentId,
        role: input.role ?? 'advertisers',
        username: input.username,
        passwordHash,
        name: input.name,
        customerId: input.customer,
        diy: asBool(input.diy) ?? false,
        beginAt: fromUnixSeconds(input.begin ?? null),
        endAt: fromUnixSeconds(input.end ?? null),
        phone: input.phone ?? '',
        email: input.email ?? '',
        enabled: input.status !== 'disabled',
      });
    } catch (err) {
      if (await findAccountByUsername(this.db, input.username)) throw new AppError('USERNAME_EXISTS', {}, 'username');
      this.ctx.log.error({ err }, 'advertiser account insert failed');
      throw new AppError('ACCOUNT_CREATE_FAILED');
    }
    return this.get(user, id);
  }

  async updateAdvertiser(
    user: SessionUser,
    id: string,
    input: AdvertiserInput,
    lang: Language = 'zh',
  ): Promise<AccountDto> {
    const row = await this.advertiserRow(user, id);
    await this.checkPersonal(input, lang, id);
    if (input.customer && input.customer !== row.customerId) await this.checkCustomer(user, input.customer);
    if (input.parentId) await assertCanSeeAccount(this.db, user, input.parentId);
    const begin = input.begin !== undefined ? fromUnixSeconds(input.begin) : row.beginAt;
    const end = input.end !== undefined ? fromUnixSeconds(input.end) : row.endAt;
    if (begin && end && end <= begin) throw new AppError('END_BEFORE_START', {}, 'end');
    await updateAccount(this.db, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.role ? { role: input.role } : {}),
      ...(input.customer ? { customerId: input.customer } : {}),
      ...(input.diy !== undefined ? { diy: asBool(input.diy) } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.status ? { enabled: input.status === 'enabled' } : {}),
      ...(input.parentId ? { parentId: input.parentId } : {}),
      ...(input.password ? { passwordHash: await this.credentials.hash(input.password) } : {}),
      beginAt: begin,
      endAt: end,
      updatedAt: this.ctx.clock.now(),
    });
    if (input.status === 'disabled' || input.password) await this.credentials.revokeAllOf(id, 'account changed');
    return this.get(user, id);
  }

  async deleteAdvertiser(user: SessionUser, id: string): Promise<void> {
    await this.advertiserRow(user, id);
    if (await hasChildAccount(this.db, id)) throw new AppError('ACCOUNT_HAS_CHILDREN');
    await this.credentials.revokeAllOf(id, 'account deleted');
    await deleteAccountById(this.db, id);
  }
}
