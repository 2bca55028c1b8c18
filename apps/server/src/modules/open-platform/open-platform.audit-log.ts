import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../../platform/context';
import { type AuditLogInsert, auditLogPage, writeAuditEntries } from '../audit-log/audit-log.queries';
import type { Actor } from './open-platform.model';
import { normalizeIp } from './partner-limits';

const AUDIT_FLUSH_MS = 1000;
const AUDIT_BATCH = 200;

/** The open platform's audit log: changes on its pages (in their transaction) and partner calls (buffered). */
export class OpenPlatformAuditLog {
  private auditBuffer: AuditLogInsert[] = [];
  private auditTimer: NodeJS.Timeout | null = null;
  private auditFlushing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: PlatformContext) {}

  private now() {
    return this.ctx.clock.now();
  }

  /** A change made on the open platform pages, in the caller's transaction. */
  async recordChange(actor: Actor, action: string, target: string) {
    await writeAuditEntries(this.ctx.db, [
      {
        id: newId(),
        at: this.now(),
        source: 'openPlatform',
        actorKind: 'user',
        actor: actor.username,
        action,
        target,
        ip: normalizeIp(actor.ip),
        status: 200,
      },
    ]);
  }

  /** After the answer of a partner call: buffered, written in batches (every second or 200 calls). */
  recordCall(request: FastifyRequest, status: number) {
    const partner = request.partner;
    if (!partner) return;
    this.auditBuffer.push({
      id: newId(),
      at: this.now(),
      source: 'openPlatform',
      actorKind: 'partner',
      actor: partner.clientId,
      action: partner.key,
      target: request.url.slice(0, 500),
      ip: normalizeIp(request.ip),
      status,
    });
    if (this.auditBuffer.length >= AUDIT_BATCH) void this.flushAudit();
    else this.auditTimer ??= setTimeout(() => void this.flushAudit(), AUDIT_FLUSH_MS).unref();
  }

  /** Writes the buffered partner calls (also before the audit log is read, and at close). */
  flushAudit(): Promise<void> {
    if (this.auditTimer) clearTimeout(this.auditTimer);
    this.auditTimer = null;
    const rows = this.auditBuffer;
    this.auditBuffer = [];
    this.auditFlushing = this.auditFlushing
      .then(() => writeAuditEntries(this.ctx.db, rows))
      .catch((err) => this.ctx.log.warn({ err }, 'open platform audit log'));
    return this.auditFlushing;
  }

  async pageAudit(q: { start: number; limit: number; actorKind?: 'user' | 'partner'; actor?: string }) {
    await this.flushAudit();
    const { rows, total } = await auditLogPage(this.ctx.db, { ...q, source: 'openPlatform' });
    return {
      total,
      datas: rows.map((r) => ({
        id: r.id,
        time: toUnixSeconds(r.at) ?? 0,
        actorKind: r.actorKind,
        actor: r.actor,
        action: r.action,
        target: r.target,
        ip: r.ip,
        status: r.status,
      })),
    };
  }
}
