import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { CustomerAuditStatus } from '@robot-ads/contracts/customers/customers.schemas';
import {
  type CustomerAuditDto,
  type EnterpriseInfoBody,
  type EnterpriseInfoDto,
  type EnterpriseSnapshot,
  enterpriseInfoIssues,
} from '@robot-ads/contracts/customers/enterprise.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { dataScope, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { RequestValidationError } from '../../platform/validation';
import { mediaByIds, mediaInScope } from '../media/media.queries';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  type AuditVisibility,
  customersByIds,
  decideAudit,
  findAudit,
  findAuditForUpdate,
  findCustomer,
  findCustomerForUpdate,
  findEnterprise,
  pageAudits,
  submitForReview,
  updateCustomer,
  upsertEnterprise,
} from './customers.repository';
import type { CustomersService } from './customers.service';
import type { CustomerAuditRow, CustomerRow } from './customers.table';
import { differs, mergedEnterprise, type ReviewSnapshot, snapshotOf } from './enterprise-review';

const LINK_TTL_SECONDS = 3600;

/**
 * Enterprise information of a customer (/account/customer/mainInfo) and the customer review
 * (/customer/audit/auditManage for root/admin, /customer/audit_record/auditApply for applicants).
 * A customer passes the review before it may apply for delivery (`assertCustomerMayDeliver`).
 */
/** What the customer record already says of the enterprise, for a form never saved. */
export function prefillOf(customer: CustomerRow) {
  const [contact] = customer.contacts;
  return {
    enterpriseName: customer.name,
    contactName: contact?.name ?? '',
    contactPhone: contact?.phone || customer.phone,
    province: customer.province,
  };
}

export class EnterpriseService {
  constructor(
    private readonly ctx: AppContext,
    private readonly customersService: CustomersService,
    private readonly notifications: NotificationsService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** The customer the caller means: advertisers their own, operators one in scope (customerId required). */
  private async customerFor(user: SessionUser, customerId: string | undefined): Promise<CustomerRow> {
    const id = customerId ?? (isOperatorRole(user.role) ? undefined : (user.customer ?? undefined));
    if (!id) throw new AppError('BAD_REQUEST', { field: 'customerId' }, 'customerId');
    await this.customersService.get(user, id);
    const row = await findCustomer(this.db, id);
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND', {}, 'customerId');
    return row;
  }

  private async pictures(ids: string[]) {
    const rows = await mediaByIds(this.db, ids);
    const urls = new Map<string, string>();
    for (const [id, m] of rows)
      urls.set(
        id,
        await this.ctx.storage.signedDownloadUrl(m.objectKey, { expiresInSeconds: LINK_TTL_SECONDS, fileName: m.name }),
      );
    return (id: string) => ({ mediaId: id, name: rows.get(id)?.name ?? '', url: urls.get(id) ?? '' });
  }

  private async toInfo(customer: CustomerRow, snap: EnterpriseSnapshot | null) {
    const pic = await this.pictures(
      snap ? [snap.licenceMediaId, ...snap.qualifications.map((q) => q.mediaId)].filter(Boolean) : [],
    );
    return {
      customerId: customer.id,
      customerName: customer.name,
      enterpriseName: snap?.enterpriseName ?? '',
      contactName: snap?.contactName ?? '',
      contactPhone: snap?.contactPhone ?? '',
      province: snap?.province ?? '',
      creditCode: snap?.creditCode ?? '',
      legalPersonIdNumber: snap?.legalPersonIdNumber ?? '',
      licence: snap?.licenceMediaId ? pic(snap.licenceMediaId) : null,
      licenceValidUntil: snap?.licenceValidUntil ?? null,
      qualifications: (snap?.qualifications ?? []).map((q) => ({ ...pic(q.mediaId), begin: q.begin, end: q.end })),
      agent: snap?.agent ?? false,
      updatetime: snap?.updatetime ?? null,
    };
  }

  private async info(customer: CustomerRow): Promise<EnterpriseInfoDto> {
    const row = await findEnterprise(this.db, customer.id);
    const info = await this.toInfo(customer, row ? snapshotOf(row, customer.name) : null);
    return {
      ...info,
      // Never saved yet: the form starts from the customer record (name, first contact, phone, province).
      ...(row ? {} : prefillOf(customer)),
      auditStatus: customer.auditStatus as CustomerAuditStatus,
      auditNote: customer.auditNote,
    };
  }

  async get(user: SessionUser, customerId: string | undefined): Promise<EnterpriseInfoDto> {
    return this.info(await this.customerFor(user, customerId));
  }

  /** PUT: saves the information (the section 5 rules by locale); not while a review is pending. */
  async save(user: SessionUser, body: EnterpriseInfoBody, lang: Language): Promise<EnterpriseInfoDto> {
    const customer = await this.customerFor(user, body.customerId);
    const now = this.ctx.clock.now();
    const issues = enterpriseInfoIssues(body, lang, now);
    if (issues.length > 0) {
      throw new RequestValidationError(
        issues.map((i) => ({ code: 'custom', path: i.path, message: i.code, input: undefined })),
      );
    }
    if (body.licenceValidUntil != null && body.licenceValidUntil * 1000 < now.getTime()) {
      throw new AppError('LICENCE_EXPIRED', {}, 'licenceValidUntil');
    }
    const scope = await dataScope(this.db, user);
    const mediaIds = [body.licenceMediaId, ...(body.qualifications ?? []).map((q) => q.mediaId)];
    for (const [i, id] of mediaIds.entries()) {
      const m = await mediaInScope(this.db, scope, id);
      if (m?.kind !== 'picture') {
        throw new AppError(
          'LICENCE_PICTURE_INVALID',
          {},
          i === 0 ? 'licenceMediaId' : `qualifications.${i - 1}.mediaId`,
        );
      }
    }
    await this.db.transaction(async () => {
      const fresh = await findCustomerForUpdate(this.db, customer.id);
      if (fresh?.auditStatus === 'pending') throw new AppError('CUSTOMER_AUDIT_PENDING');
      const before = await findEnterprise(this.db, customer.id);
      const after = await upsertEnterprise(this.db, customer.id, mergedEnterprise(body, before, user.id, now));
      // Approved information that changes goes back to review; the approval stays in force meanwhile.
      const changed = !before || !after || differs(snapshotOf(before, customer.name), snapshotOf(after, customer.name));
      if (fresh?.auditStatus === 'pass' && changed) {
        await submitForReview(this.db, {
          customerId: customer.id,
          customerName: fresh.name,
          applicantId: user.id,
          applicantName: user.name,
          now,
        });
      }
    });
    return this.get(user, customer.id);
  }

  /** POST apply: submits the saved information for review (customer state pending). */
  async apply(user: SessionUser, customerId: string | undefined): Promise<CustomerAuditDto> {
    const customer = await this.customerFor(user, customerId);
    const id = await this.db.transaction(async () => {
      const fresh = await findCustomerForUpdate(this.db, customer.id);
      if (fresh?.auditStatus === 'pending') throw new AppError('CUSTOMER_AUDIT_PENDING');
      if (fresh?.auditStatus === 'pass') throw new AppError('CUSTOMER_ALREADY_PASSED');
      const auditId = await submitForReview(this.db, {
        customerId: customer.id,
        customerName: fresh?.name ?? customer.name,
        applicantId: user.id,
        applicantName: user.name,
        now: this.ctx.clock.now(),
      });
      if (!auditId) throw new AppError('ENTERPRISE_INFO_MISSING');
      return auditId;
    });
    return this.one(user, id);
  }

  private async toAuditDtos(rows: CustomerAuditRow[]): Promise<CustomerAuditDto[]> {
    const ids = [...new Set(rows.map((r) => r.customerId))];
    const custRows = await customersByIds(this.db, ids);
    const byId = new Map(custRows.map((c) => [c.id, c]));
    const out: CustomerAuditDto[] = [];
    for (const r of rows) {
      const snap = r.snapshot as unknown as ReviewSnapshot;
      const current =
        byId.get(r.customerId) ?? ({ id: r.customerId, name: '' } as Pick<CustomerRow, 'id' | 'name'> as CustomerRow);
      // The application shows what was submitted (and approved): the name then, not the name now.
      const customer = { ...current, name: snap.customerName ?? current.name };
      out.push({
        id: r.id,
        customerId: r.customerId,
        customerName: customer.name,
        applicantId: r.applicantId,
        applicantName: r.applicantName,
        state: r.state as CustomerAuditDto['state'],
        note: r.note,
        reviewerName: r.reviewerName,
        createtime: toUnixSeconds(r.createdAt) ?? 0,
        auditTime: toUnixSeconds(r.auditedAt),
        enterprise: await this.toInfo(customer, snap),
      });
    }
    return out;
  }

  /** Who sees an application: root/admin all; others their own applications and their customer's. */
  private auditScope(user: SessionUser): AuditVisibility {
    return isSuperuser(user) ? null : { applicantId: user.id, customerId: user.customer ?? null };
  }

  async one(user: SessionUser, id: string): Promise<CustomerAuditDto> {
    const row = await findAudit(this.db, id, this.auditScope(user));
    if (!row) throw new AppError('NOT_FOUND');
    return (await this.toAuditDtos([row]))[0] as CustomerAuditDto;
  }

  private async auditPage(
    of: { customerId: string } | { applicantId: string } | null,
    q: { start: number; limit: number; name?: string; state?: string },
  ) {
    const { total, rows } = await pageAudits(this.db, of, q);
    return { total, datas: await this.toAuditDtos(rows) };
  }

  /** GET queryByPage (root/admin): every application. */
  async reviewPage(user: SessionUser, q: { start: number; limit: number; name?: string; state?: string }) {
    if (!isSuperuser(user)) throw new AppError('FORBIDDEN');
    return this.auditPage(null, q);
  }

  /** GET queryApplyByPage: the caller's own applications (advertisers: their customer's). */
  async applyPage(user: SessionUser, q: { start: number; limit: number; name?: string; state?: string }) {
    return this.auditPage(user.customer ? { customerId: user.customer } : { applicantId: user.id }, q);
  }

  /** pass / reject (root/admin): decides a pending application and tells the applicant live. */
  async decide(user: SessionUser, id: string, pass: boolean, reason: string): Promise<CustomerAuditDto> {
    if (!isSuperuser(user)) throw new AppError('FORBIDDEN');
    const note = reason.trim();
    if (!pass && !note) throw new AppError('REJECT_REASON_REQUIRED', {}, 'reason');
    const now = this.ctx.clock.now();
    const row = await this.db.transaction(async () => {
      const a = await findAuditForUpdate(this.db, id);
      if (!a) throw new AppError('NOT_FOUND');
      if (a.state !== 'pending') throw new AppError('AUDIT_NOT_PENDING');
      const state = pass ? 'pass' : 'reject';
      await decideAudit(this.db, id, {
        state,
        note: pass ? '' : note,
        reviewerId: user.id,
        reviewerName: user.name,
        auditedAt: now,
      });
      await updateCustomer(this.db, a.customerId, { auditStatus: state, auditNote: pass ? '' : note, updatedAt: now });
      return a;
    });
    const customer = await findCustomer(this.db, row.customerId);
    // After the commit: the applicant hears the outcome live (and finds it in the notification list).
    await this.notifications.notify(row.applicantId, 'customer.audit.result', {
      id: row.id,
      name: customer?.name ?? '',
      state: pass ? 'pass' : 'reject',
      type: 'customer',
      note: pass ? '' : note,
    });
    const fresh = await findAudit(this.db, id);
    return (await this.toAuditDtos(fresh ? [fresh] : []))[0] as CustomerAuditDto;
  }
}
