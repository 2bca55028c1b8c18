import type {
  ApiUser,
  ApiUserInput,
  ApiUserUpdateInput,
  ClientCredentialsToken,
  OpenInterface,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../../platform/context';
import { passwordCost } from '../../platform/passwords';
import * as apiUsers from './manage-api-users';
import * as blacklist from './manage-blacklist';
import * as interfaces from './manage-interfaces';
import * as sessions from './manage-sessions';
import { OpenPlatformAuditLog } from './open-platform.audit-log';
import type { Actor, OpenApiDocument, OpenPlatformDeps, PartnerCall } from './open-platform.model';
import type { OpenPlatformParts } from './open-platform.parts';
import { PartnerAccess } from './partner-access';

export {
  type Actor,
  interfaceKeyOf,
  OPEN_TAG,
  type OpenApiDocument,
  type OpenPlatformDeps,
  PARTNER_DOCS_KEY,
  type PartnerCall,
} from './open-platform.model';

/**
 * The open platform: partner applications with client credentials, partner tokens and the check chain
 * of every partner call (blacklist, application, IP ranges, interface, rate limit, session, quota), the
 * interface catalogue, the blacklist and the audit log. docs/open-platform.md.
 *
 * One operation or a few close ones a file: manage-api-users, manage-interfaces, manage-sessions,
 * manage-blacklist (functions of the shared parts), partner-access (the token and the check chain, with the
 * copies they keep) and open-platform.audit-log (the audit log). This class wires them for the routes and the app.
 */
export class OpenPlatformService {
  private readonly parts: OpenPlatformParts;
  /** Before authentication, on every /api/ request: a blacklisted address is refused. */
  readonly blacklistHook: PartnerAccess['blacklistHook'];
  /** A partner token's call (the auth guard's partner gate): answers the owning account the call acts as. */
  readonly gate: PartnerAccess['gate'];

  constructor(ctx: PlatformContext, deps: OpenPlatformDeps) {
    const cost = passwordCost(ctx.config.NODE_ENV);
    const access = new PartnerAccess(ctx, deps, cost);
    this.parts = { ctx, cost, access, audit: new OpenPlatformAuditLog(ctx) };
    this.blacklistHook = access.blacklistHook;
    this.gate = access.gate;
  }

  /** Loads the blacklist and the interface switches, so that the first calls need not wait for the database. */
  async warm(): Promise<void> {
    await this.parts.access.currentSnapshot();
  }

  // API users
  pageApiUsers(q: { start: number; limit: number; name?: string }) {
    return apiUsers.pageApiUsers(this.parts, q);
  }
  getApiUser(id: string): Promise<ApiUser> {
    return apiUsers.getApiUser(this.parts, id);
  }
  createApiUser(input: ApiUserInput, actor: Actor): Promise<ApiUser & { clientSecret: string }> {
    return apiUsers.createApiUser(this.parts, input, actor);
  }
  updateApiUser(id: string, input: ApiUserUpdateInput, actor: Actor): Promise<ApiUser> {
    return apiUsers.updateApiUser(this.parts, id, input, actor);
  }
  removeApiUser(id: string, actor: Actor): Promise<void> {
    return apiUsers.removeApiUser(this.parts, id, actor);
  }
  rotateSecret(id: string, overlapSeconds: number, actor: Actor): Promise<ApiUser & { clientSecret: string }> {
    return apiUsers.rotateSecret(this.parts, id, overlapSeconds, actor);
  }

  // tokens
  issueToken(input: {
    clientId: string;
    clientSecret: string;
    ip: string;
    scope?: string;
  }): Promise<ClientCredentialsToken> {
    return this.parts.access.issueToken(input);
  }

  // interfaces
  interfaces(): Promise<OpenInterface[]> {
    return interfaces.interfaces(this.parts);
  }
  toggleInterface(key: string, enabled: boolean, actor: Actor): Promise<OpenInterface> {
    return interfaces.toggleInterface(this.parts, key, enabled, actor);
  }
  partnerDocument(partner: PartnerCall | null): Promise<OpenApiDocument> {
    return interfaces.partnerDocument(this.parts, partner);
  }

  // sessions
  pageSessions(q: { start: number; limit: number; apiUserId?: string; state: 'live' | 'all' }) {
    return sessions.pageSessions(this.parts, q);
  }
  revokeSession(id: string, actor: Actor): Promise<void> {
    return sessions.revokeSession(this.parts, id, actor);
  }
  cleanExpiredSessions(): Promise<number> {
    return sessions.cleanExpiredSessions(this.parts);
  }

  // blacklist
  pageBlacklist(q: { start: number; limit: number; kind?: string }) {
    return blacklist.pageBlacklist(this.parts, q);
  }
  addBlacklist(
    input: { kind: 'ip' | 'client' | 'account'; value: string; reason: string; expiresTime: number | null },
    actor: Actor,
  ) {
    return blacklist.addBlacklist(this.parts, input, actor);
  }
  removeBlacklist(id: string, actor: Actor): Promise<void> {
    return blacklist.removeBlacklist(this.parts, id, actor);
  }

  // audit log
  /** A change made on the open platform pages, in the caller's transaction. */
  recordChange(actor: Actor, action: string, target: string) {
    return this.parts.audit.recordChange(actor, action, target);
  }
  /** After the answer of a partner call: buffered, written in batches. */
  recordCall(request: FastifyRequest, status: number) {
    this.parts.audit.recordCall(request, status);
  }
  flushAudit(): Promise<void> {
    return this.parts.audit.flushAudit();
  }
  pageAudit(q: { start: number; limit: number; actorKind?: 'user' | 'partner'; actor?: string }) {
    return this.parts.audit.pageAudit(q);
  }

  async close() {
    await this.parts.access.usage.flush();
    await this.parts.audit.flushAudit();
    await this.parts.access.closeLimiter();
  }
}
