import { randomBytes } from 'node:crypto';
import type { adminClient, clientSubmitBody } from '@robot-ads/contracts/admin/admin.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import { hashPassword, passwordCost } from '../../platform/passwords';
import { type Actor, writeAudit } from './admin.audit';
import { adminClients } from './admin.table';

type Dto = z.infer<typeof adminClient>;
type Row = typeof adminClients.$inferSelect;

/** OAuth clients (blade-system client calls): the secret is hashed, and returned once when issued. */
export class ClientsService {
  constructor(private readonly ctx: PlatformContext) {}

  async page(q: { start: number; limit: number; clientId?: string }): Promise<{ total: number; datas: Dto[] }> {
    const where = q.clientId ? ilike(adminClients.clientId, containsLike(q.clientId)) : undefined;
    const [total] = await this.ctx.db.select({ n: count() }).from(adminClients).where(where);
    const rows = await this.ctx.db
      .select()
      .from(adminClients)
      .where(where)
      .orderBy(desc(adminClients.createdAt), desc(adminClients.id))
      .offset(q.start)
      .limit(q.limit);
    return { total: total?.n ?? 0, datas: rows.map(toDto) };
  }

  async detail(id: string): Promise<Dto> {
    return toDto(await this.row(id));
  }

  async submit(actor: Actor, body: z.output<typeof clientSubmitBody>): Promise<Dto & { clientSecret?: string }> {
    const before = body.id ? await this.row(body.id) : null;
    const [sameId] = await this.ctx.db.select().from(adminClients).where(eq(adminClients.clientId, body.clientId));
    if (sameId && sameId.id !== before?.id) throw new AppError('CLIENT_ID_EXISTS', {}, 'clientId');
    const issue = !before || body.resetSecret;
    const secret = issue ? randomBytes(24).toString('base64url') : undefined;
    const secretHash = secret ? await hashPassword(secret, passwordCost(this.ctx.config.NODE_ENV)) : undefined;
    const now = this.ctx.clock.now();
    const id = before?.id ?? newId(now.getTime());
    const values = {
      clientId: body.clientId,
      grantTypes: body.grantTypes,
      scope: body.scope,
      accessTokenValidity: body.accessTokenValidity,
      refreshTokenValidity: body.refreshTokenValidity,
      redirectUri: body.redirectUri,
      remark: body.remark,
    };
    await this.ctx.db.transaction(async () => {
      if (before) {
        await this.ctx.db
          .update(adminClients)
          .set({ ...values, ...(secretHash ? { secretHash } : {}), updatedAt: now })
          .where(eq(adminClients.id, id));
      } else {
        await this.ctx.db
          .insert(adminClients)
          .values({ id, ...values, secretHash: secretHash as string, createdAt: now, updatedAt: now });
      }
      await writeAudit(this.ctx.db, actor, now, before ? 'client.update' : 'client.create', body.clientId, {
        before: before ? toDto(before) : null,
        after: values,
        secretIssued: issue,
      });
    });
    const dto = await this.detail(id);
    return secret ? { ...dto, clientSecret: secret } : dto;
  }

  async remove(actor: Actor, ids: string[]): Promise<number> {
    const rows = await this.ctx.db.select().from(adminClients).where(inArray(adminClients.id, ids));
    if (rows.length !== new Set(ids).size) throw new AppError('CLIENT_NOT_FOUND');
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      await this.ctx.db.delete(adminClients).where(inArray(adminClients.id, ids));
      for (const r of rows)
        await writeAudit(this.ctx.db, actor, now, 'client.remove', r.clientId, { before: toDto(r) });
    });
    return rows.length;
  }

  private async row(id: string): Promise<Row> {
    const [row] = await this.ctx.db.select().from(adminClients).where(eq(adminClients.id, id));
    if (!row) throw new AppError('CLIENT_NOT_FOUND');
    return row;
  }
}

function toDto(r: Row): Dto {
  return {
    id: r.id,
    clientId: r.clientId,
    grantTypes: r.grantTypes,
    scope: r.scope,
    accessTokenValidity: r.accessTokenValidity,
    refreshTokenValidity: r.refreshTokenValidity,
    redirectUri: r.redirectUri,
    remark: r.remark,
    createtime: toUnixSeconds(r.createdAt) ?? 0,
    updatetime: toUnixSeconds(r.updatedAt) ?? 0,
  };
}
