import { BUILTIN_PARAMS, builtinParam, PARAM_KEYS, parseOrigins } from '@robot-ads/contracts/admin/admin.params';
import type { adminParam, paramSubmitBody } from '@robot-ads/contracts/admin/admin.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { type Actor, writeAudit } from './admin.audit-log';
import { RevisionedCache } from './admin.cache';
import {
  allParams,
  bumpRevision,
  deleteParams,
  findParam,
  findParamByKey,
  insertMissingParams,
  insertParam,
  pageParams,
  paramsByIds,
  updateParam,
} from './admin.repository';
import type { adminParams } from './admin.table';

export const PARAMS_CACHE = 'params';
type Dto = z.infer<typeof adminParam>;
type Row = typeof adminParams.$inferSelect;

/** System parameters (blade-system param calls), cached per instance and invalidated on change. */
export class ParamsService {
  private readonly cache: RevisionedCache<Map<string, string>>;
  private defaultsStored = false;

  constructor(private readonly ctx: PlatformContext) {
    this.cache = new RevisionedCache(ctx.db, PARAMS_CACHE, async () => {
      const rows = await allParams(ctx.db);
      return new Map(rows.map((r) => [r.paramKey, r.paramValue]));
    });
  }

  /** A parameter's value, its built-in default while no row holds it. */
  async value(key: string): Promise<string> {
    const values = await this.cache.get();
    return values.get(key) ?? builtinParam(key)?.defaultValue ?? '';
  }

  /** The value as last loaded, without waiting (the CSP header is built synchronously). */
  cachedValue(key: string): string {
    return this.cache.peek()?.get(key) ?? builtinParam(key)?.defaultValue ?? '';
  }

  /** Loads the values when stale (the CSP hook calls it before building the header). */
  async warm(): Promise<void> {
    await this.cache.get();
  }

  async number(key: string): Promise<number> {
    const raw = await this.value(key);
    const n = Number(raw);
    return Number.isFinite(n) ? n : Number(builtinParam(key)?.defaultValue ?? 0);
  }

  /** The tunables of the pull-rate and free-material rules (PARAM_KEYS). */
  lowPullRate(): Promise<number> {
    return this.number(PARAM_KEYS.lowPullRate);
  }

  async freeMaterials(): Promise<{ trial: number; rental: number }> {
    return {
      trial: await this.number(PARAM_KEYS.freeMaterialsTrial),
      rental: await this.number(PARAM_KEYS.freeMaterialsRental),
    };
  }

  iframeOrigins(): string[] {
    return parseOrigins(this.cachedValue(PARAM_KEYS.iframeAllowList));
  }

  /** The built-in parameters get their rows (with the defaults) the first time the list is read. */
  private async storeDefaults(lang: Language): Promise<void> {
    if (this.defaultsStored) return;
    const now = this.ctx.clock.now();
    await insertMissingParams(
      this.ctx.db,
      BUILTIN_PARAMS.map((p) => ({
        id: newId(now.getTime()),
        paramName: p.name[lang],
        paramKey: p.key,
        paramValue: p.defaultValue,
        remark: p.remark[lang],
        updatedAt: now,
      })),
    );
    this.defaultsStored = true;
  }

  async page(
    lang: Language,
    q: { start: number; limit: number; paramName?: string; paramKey?: string },
  ): Promise<{ total: number; datas: Dto[] }> {
    await this.storeDefaults(lang);
    const { total, rows } = await pageParams(this.ctx.db, q);
    return { total, datas: rows.map((r) => toDto(r, lang)) };
  }

  async detail(id: string, lang: Language): Promise<Dto> {
    return toDto(await this.row(id), lang);
  }

  async submit(actor: Actor, lang: Language, body: z.output<typeof paramSubmitBody>): Promise<Dto> {
    const builtin = builtinParam(body.paramKey);
    const reason = builtin?.check(body.paramValue);
    if (reason) throw new AppError('PARAM_VALUE_INVALID', { reason }, 'paramValue');
    const now = this.ctx.clock.now();
    const before = body.id ? await this.row(body.id) : null;
    const sameKey = await findParamByKey(this.ctx.db, body.paramKey);
    if (sameKey && sameKey.id !== before?.id) throw new AppError('PARAM_KEY_EXISTS', {}, 'paramKey');
    if (before && builtinParam(before.paramKey) && before.paramKey !== body.paramKey) {
      throw new AppError('PARAM_BUILTIN', {}, 'paramKey');
    }
    const id = before?.id ?? newId(now.getTime());
    const values = {
      paramName: body.paramName,
      paramKey: body.paramKey,
      paramValue: body.paramValue,
      remark: body.remark,
    };
    await this.ctx.db.transaction(async () => {
      if (before) await updateParam(this.ctx.db, id, { ...values, updatedAt: now });
      else await insertParam(this.ctx.db, { id, ...values, updatedAt: now });
      await bumpRevision(this.ctx.db, PARAMS_CACHE);
      await writeAudit(this.ctx.db, actor, now, before ? 'param.update' : 'param.create', body.paramKey, {
        before: before ? { paramValue: before.paramValue, paramName: before.paramName, remark: before.remark } : null,
        after: values,
      });
    });
    this.cache.invalidate();
    return this.detail(id, lang);
  }

  async remove(actor: Actor, ids: string[]): Promise<number> {
    const rows = await paramsByIds(this.ctx.db, ids);
    if (rows.length !== new Set(ids).size) throw new AppError('PARAM_NOT_FOUND');
    if (rows.some((r) => builtinParam(r.paramKey))) throw new AppError('PARAM_BUILTIN');
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      await deleteParams(this.ctx.db, ids);
      for (const r of rows)
        await writeAudit(this.ctx.db, actor, now, 'param.remove', r.paramKey, { before: toDto(r, 'en') });
      await bumpRevision(this.ctx.db, PARAMS_CACHE);
    });
    this.cache.invalidate();
    return rows.length;
  }

  private async row(id: string): Promise<Row> {
    const row = await findParam(this.ctx.db, id);
    if (!row) throw new AppError('PARAM_NOT_FOUND');
    return row;
  }
}

/** A built-in parameter's name and remark, while not edited, are shown in the caller's language. */
function inLanguage(stored: string, texts: { zh: string; en: string } | undefined, lang: Language): string {
  return texts && (stored === texts.zh || stored === texts.en) ? texts[lang] : stored;
}

function toDto(r: Row, lang: Language): Dto {
  const builtin = builtinParam(r.paramKey);
  return {
    id: r.id,
    paramName: inLanguage(r.paramName, builtin?.name, lang),
    paramKey: r.paramKey,
    paramValue: r.paramValue,
    remark: inLanguage(r.remark, builtin?.remark, lang),
    builtin: Boolean(builtin),
    updatetime: toUnixSeconds(r.updatedAt) ?? 0,
  };
}
