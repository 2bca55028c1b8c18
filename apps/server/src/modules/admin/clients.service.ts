import { randomBytes } from 'node:crypto';
import type { adminClient, clientSubmitBody } from '@robot-ads/contracts/admin/admin.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { hashPassword, passwordCost } from '../../platform/passwords';
import { type Actor, writeAudit } from './admin.audit-log';
import {
  clientsByIds,
  deleteClients,
  findClient,
  findClientByClientId,
  insertClient,
  pageClients,
  updateClient,
} from './admin.repository';
import type { adminClients } from './admin.table';

type Dto = z.infer<typeof adminClient>;
type Row = typeof adminClients.$inferSelect;

/** OAuth clients (blade-system client calls): the secret is hashed, and returned once when issued. */
export class ClientsService {
  constructor(private readonly ctx: PlatformContext) {}

  async page(q: { start: number; limit: number; clientId?: string }): Promise<{ total: number; datas: Dto[] }> {
    const { total, rows } = await pageClients(this.ctx.db, q);
    return { total, datas: rows.map(toDto) };
  }

  async detail(id: string): Promise<Dto> {
    return toDto(await this.row(id));
  }

  async submit(actor: Actor, body: z.output<typeof clientSubmitBody>): Promise<Dto & { clientSecret?: string }> {
    const before = body.id ? await this.row(body.id) : null;
    const sameId = await findClientByClientId(this.ctx.db, body.clientId);
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
        await updateClient(this.ctx.db, id, { ...values, ...(secretHash ? { secretHash } : {}), updatedAt: now });
      } else {
        await insertClient(this.ctx.db, {
          id,
          ...values,
          secretHash: secretHash as string,
          createdAt: now,
          updatedAt: now,
        });
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
    const rows = await clientsByIds(this.ctx.db, ids);
    if (rows.length !== new Set(ids).size) throw new AppError('CLIENT_NOT_FOUND');
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      await deleteClients(this.ctx.db, ids);
      for (const r of rows)
        await writeAudit(this.ctx.db, actor, now, 'client.remove', r.clientId, { before: toDto(r) });
    });
    return rows.length;
  }

  private async row(id: string): Promise<Row> {
    const row = await findClient(this.ctx.db, id);
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
