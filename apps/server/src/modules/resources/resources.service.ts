import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { checkFileFacts, type ResourceKind, type SniffedType } from '@robot-ads/contracts/media/media.rules';
import {
  type CreateResourceBody,
  DEFAULT_RELOCATION,
  type ResourceDto,
  type ResourceQuery,
  type UpdateResourceBody,
} from '@robot-ads/contracts/resources/resources.schemas';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import { deleteMediaRow, type MediaRow } from '../media/media.queries';
import { assertMayManageMaterials, uploadDirFor } from '../media/media.scope';
import {
  deleteObjects,
  extractPoster,
  findMediaByIds,
  findVisibleMedia,
  newObjectKey,
  objectKeysOf,
  refusalError,
  signedUrl,
  type Uploader,
} from '../media/media.service';
import {
  deleteResource,
  findResourceInScope,
  findResourcesByIds,
  findResourcesInScope,
  insertResource,
  isMediaRegistered,
  resourceKinds,
  resourcePage,
  setPosterKey,
  updateResource,
} from './resources.repository';
import type { ResourceRow } from './resources.table';

export type { ResourceRow } from './resources.table';

/** Pictures and documents play this long (ms); videos for their own length. */
export const STILL_DURATION_MS = 10_000;

/** Tells whether materials are used, and by which ad (the ads module answers; wired in app.ts). */
export type ResourceUsage = (db: DbOrTx, resourceIds: string[]) => Promise<{ resourceId: string; adName: string }[]>;

export interface ResourceWithMedia {
  resource: ResourceRow;
  media: MediaRow;
}

export async function resourceToDto(
  ctx: PlatformContext,
  { resource: r, media: m }: ResourceWithMedia,
): Promise<ResourceDto> {
  const thumbKey = r.posterKey ?? m.thumbnailKey;
  return {
    id: r.id,
    resourceId: r.id,
    name: r.name,
    kind: r.kind as ResourceKind,
    type: r.type as ResourceDto['type'],
    duration: r.durationMs,
    oss: { objectName: m.objectKey },
    mdpath: await signedUrl(ctx, m.objectKey, m.name),
    thumbnail: thumbKey ? await signedUrl(ctx, thumbKey) : null,
    reLocation: r.reLocation,
    template: r.template,
    slot: r.slot,
    width: m.width,
    height: m.height,
    size: m.size,
    sha256: m.sha256,
    mediaId: m.id,
    customerId: r.customerId,
    createtime: toUnixSeconds(r.createdAt) ?? 0,
  };
}

/** Checks a registered file against a (new) template slot from the facts read at registration. */
function checkMediaForSlot(m: MediaRow, kind: ResourceKind, template: number, slot: number) {
  if (kind !== m.kind) throw new AppError('RESOURCE_MEDIA_KIND', { kind, actual: m.kind }, 'kind');
  const refusal = checkFileFacts(
    {
      name: m.name,
      size: m.size,
      sniffed: { ext: m.ext as SniffedType['ext'], kind: m.kind as ResourceKind },
      width: m.width,
      height: m.height,
      durationMs: m.durationMs,
    },
    { kind, template, slot },
  );
  if (refusal) throw refusalError(refusal);
}

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).slice(0, 100) || name.slice(0, 100);
}

export class ResourcesService {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly usage: ResourceUsage,
  ) {}

  private async withMedia(rows: ResourceRow[], db: DbOrTx = this.ctx.db): Promise<ResourceWithMedia[]> {
    const mediaRows = await findMediaByIds(db, [...new Set(rows.map((r) => r.mediaId))]);
    const byId = new Map(mediaRows.map((m) => [m.id, m]));
    return rows.map((resource) => ({ resource, media: byId.get(resource.mediaId)! }));
  }

  async toDtos(rows: ResourceRow[], db?: DbOrTx): Promise<ResourceDto[]> {
    return Promise.all((await this.withMedia(rows, db)).map((rm) => resourceToDto(this.ctx, rm)));
  }

  async findVisible(user: Uploader, id: string, db: DbOrTx = this.ctx.db): Promise<ResourceRow> {
    const scope = await dataScope(db, user);
    const row = await findResourceInScope(db, id, scope);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
    return row;
  }

  /** Materials by id within the caller's scope, in the order asked; a missing one is RESOURCE_NOT_FOUND. */
  async findVisibleMany(user: Uploader, ids: string[], db: DbOrTx = this.ctx.db): Promise<ResourceRow[]> {
    if (ids.length === 0) return [];
    const scope = await dataScope(db, user);
    const rows = await findResourcesInScope(db, ids, scope);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new AppError('RESOURCE_NOT_FOUND', {}, 'resourcesObjs');
      return row;
    });
  }

  /** Materials by id without a scope check (other modules, after their own checks). */
  async findByIds(ids: string[], db: DbOrTx = this.ctx.db): Promise<ResourceDto[]> {
    if (ids.length === 0) return [];
    const rows = await findResourcesByIds(db, ids);
    return this.toDtos(rows, db);
  }

  async create(user: Uploader, body: CreateResourceBody): Promise<ResourceDto> {
    assertMayManageMaterials(user);
    const { ctx } = this;
    const m = await findVisibleMedia(ctx, user, body.mediaId);
    const kind = body.kind ?? (m.kind as ResourceKind);
    const template = body.template ?? m.template;
    const slot = body.slot ?? m.slot;
    checkMediaForSlot(m, kind, template, slot);
    const row = await ctx.db.transaction(async (tx) => {
      if (await isMediaRegistered(tx, m.id)) throw new AppError('MEDIA_ALREADY_REGISTERED', {}, 'mediaId');
      const now = ctx.clock.now();
      return insertResource(tx, {
        id: newId(now.getTime()),
        name: body.name ?? baseName(m.name),
        kind,
        type: body.type,
        durationMs: kind === 'video' ? (m.durationMs ?? 0) : STILL_DURATION_MS,
        mediaId: m.id,
        reLocation: kind === 'video' ? '' : (body.reLocation ?? DEFAULT_RELOCATION),
        template,
        slot,
        ownerId: user.id,
        customerId: m.customerId ?? user.customer,
        createdAt: now,
        updatedAt: now,
      });
    });
    return resourceToDto(ctx, { resource: row, media: m });
  }

  async update(user: Uploader, body: UpdateResourceBody): Promise<ResourceDto> {
    assertMayManageMaterials(user);
    const { ctx } = this;
    const current = await this.findVisible(user, body.id);
    const [m] = await findMediaByIds(ctx.db, [current.mediaId]);
    const template = body.template ?? current.template;
    const slot = body.slot ?? current.slot;
    if (template !== current.template || slot !== current.slot) {
      checkMediaForSlot(m!, current.kind as ResourceKind, template, slot);
      // A material in an ad keeps its slot: moving it would break the ad's screens.
      if (template !== current.template || slot !== current.slot) {
        const used = await this.usage(ctx.db, [current.id]);
        if (used[0]) throw new AppError('RESOURCE_IN_USE', { name: current.name, ad: used[0].adName });
      }
    }
    const row = await updateResource(ctx.db, current.id, {
      name: body.name ?? current.name,
      type: body.type ?? current.type,
      reLocation: current.kind === 'video' ? '' : (body.reLocation ?? current.reLocation),
      template,
      slot,
      updatedAt: ctx.clock.now(),
    });
    return resourceToDto(ctx, { resource: row!, media: m! });
  }

  /** Deletes a material no ad uses, its registered file and the stored objects. */
  async remove(user: Uploader, id: string): Promise<void> {
    assertMayManageMaterials(user);
    const { ctx } = this;
    const keys = await ctx.db.transaction(async (tx) => {
      const row = await this.findVisible(user, id, tx);
      const used = await this.usage(tx, [row.id]);
      if (used[0]) throw new AppError('RESOURCE_IN_USE', { name: row.name, ad: used[0].adName });
      const [m] = await findMediaByIds(tx, [row.mediaId]);
      await deleteResource(tx, row.id);
      await deleteMediaRow(tx, row.mediaId);
      return [...(m ? objectKeysOf(m) : []), ...(row.posterKey ? [row.posterKey] : [])];
    });
    await deleteObjects(ctx, keys);
  }

  async page(user: Uploader, q: ResourceQuery): Promise<{ total: number; datas: ResourceDto[] }> {
    const { total, rows } = await resourcePage(this.ctx.db, await dataScope(this.ctx.db, user), q);
    return { total, datas: await this.toDtos(rows) };
  }

  async kinds(user: Uploader): Promise<{ kind: ResourceKind; count: number }[]> {
    return resourceKinds(this.ctx.db, await dataScope(this.ctx.db, user));
  }

  async video(user: Uploader, id: string): Promise<ResourceDto> {
    const row = await this.findVisible(user, id);
    if (row.kind !== 'video') throw new AppError('RESOURCE_NOT_FOUND');
    return (await this.toDtos([row]))[0]!;
  }

  /** video/toImage: the poster frame of a video, made with ffmpeg once and kept beside the file. */
  async poster(user: Uploader, id: string): Promise<{ id: string; url: string; width: number; height: number }> {
    const { ctx } = this;
    const row = await this.findVisible(user, id);
    if (row.kind !== 'video') throw new AppError('RESOURCE_NOT_FOUND');
    if (!row.posterKey) {
      const [m] = await findMediaByIds(ctx.db, [row.mediaId]);
      const jpeg = await extractPoster(ctx, m!.objectKey).catch((err) => {
        ctx.log.error({ err, id }, 'poster extraction failed');
        throw new AppError('OPERATION_FAILED');
      });
      const key = newObjectKey(uploadDirFor({ id: row.ownerId, customer: row.customerId }), 'poster', 'jpg');
      await ctx.storage.put(key, jpeg, { contentType: 'image/jpeg' });
      await setPosterKey(ctx.db, row.id, key);
      row.posterKey = key;
    }
    const head = await ctx.storage.readRange(row.posterKey, 0, 4 * 1024 * 1024);
    const meta = await sharp(head)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    return { id: row.id, url: await signedUrl(ctx, row.posterKey), width: meta.width ?? 0, height: meta.height ?? 0 };
  }
}
