import {
  type AdKind,
  type AdMaterial,
  checkAdMaterials,
  screensFromMaterials,
} from '@robot-ads/contracts/ads/ads.rules';
import {
  type AdDto,
  type AdOverlay,
  type AdOverlayInput,
  type CreateAdBody,
  materialRefId,
  type UpdateAdBody,
} from '@robot-ads/contracts/ads/ads.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { QR_EXTENSIONS, type ResourceKind, UPLOAD_LIMITS } from '@robot-ads/contracts/media/media.rules';
import type { ResourceDto } from '@robot-ads/contracts/resources/resources.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import { type MediaRow, mediaInScope } from '../media/media.queries';
import { findMediaByIds, signedUrl, type Uploader } from '../media/media.service';
import type { ResourceRow, ResourcesService } from '../resources/resources.service';
import {
  adNameTaken,
  adResourceLinks,
  adsByIds,
  deleteAd,
  findVisibleAd,
  insertAd,
  pageAds,
  replaceAdResources,
  updateAd,
} from './ads.repository';
import type { AdRow } from './ads.table';

/**
 * How many devices and accounts an ad is published to (the publishing module answers; registered with
 * buildApp passes them at construction). An online ad with links cannot be deleted.
 */
export type AdLinkCounter = (
  db: DbOrTx,
  adId: string,
) => Promise<{ devices: number; accounts: number; regionalAccounts?: number }>;

type MaterialInput = Pick<CreateAdBody, 'resourcesObjs' | 'resources'>;

type OverlayField = 'qr' | 'watermark';
/** A QR code or watermark as stored on an ad: the picture's media id and its position. */
interface OverlayChoice {
  mediaId: string;
  position: OverlayPosition;
}

/** A picture may show over an ad when it was uploaded as a QR picture and keeps to the QR rules (section 9). */
export function isOverlayPicture(row: Pick<MediaRow, 'purpose' | 'kind' | 'ext' | 'size'>): boolean {
  return (
    row.purpose === 'qr' &&
    row.kind === 'picture' &&
    (QR_EXTENSIONS as readonly string[]).includes(row.ext) &&
    row.size <= UPLOAD_LIMITS.qrBytes
  );
}

function storedOverlay(mediaId: string | null, position: string | null): OverlayChoice | null {
  return mediaId && position ? { mediaId, position: position as OverlayPosition } : null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export class AdsService {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly resources: ResourcesService,
    /** How an ad is linked to devices and accounts (the publishing module's counter). */
    readonly linkCounters: AdLinkCounter[],
  ) {}

  /**
   * Ads with their materials, in the order asked, without a scope check: for the playlists module
   * (it checks the caller's scope on its plans). Missing ids are left out.
   */
  async getAdsWithResources(ids: string[], db: DbOrTx = this.ctx.db): Promise<AdDto[]> {
    if (ids.length === 0) return [];
    const rows = await adsByIds(db, ids);
    const dtos = await this.toDtos(rows, db);
    const byId = new Map(dtos.map((d) => [d.id, d]));
    return ids.map((id) => byId.get(id)).filter((d): d is AdDto => d !== undefined);
  }

  private async toDtos(rows: AdRow[], db: DbOrTx = this.ctx.db): Promise<AdDto[]> {
    if (rows.length === 0) return [];
    const links = await adResourceLinks(
      db,
      rows.map((r) => r.id),
    );
    const materials = await this.resources.findByIds([...new Set(links.map((l) => l.resourceId))], db);
    const byId = new Map(materials.map((m) => [m.id, m]));
    const overlayIds = rows.flatMap((r) => [r.qrMediaId, r.watermarkMediaId]).filter((id): id is string => !!id);
    const pictures = new Map((await findMediaByIds(db, [...new Set(overlayIds)])).map((m) => [m.id, m]));
    const overlay = async (mediaId: string | null, position: string | null): Promise<AdOverlay | null> => {
      const choice = storedOverlay(mediaId, position);
      const picture = choice && pictures.get(choice.mediaId);
      if (!choice || !picture) return null;
      return {
        mediaId: picture.id,
        position: choice.position,
        name: picture.name,
        url: await signedUrl(this.ctx, picture.objectKey, picture.name),
        thumbnail: picture.thumbnailKey ? await signedUrl(this.ctx, picture.thumbnailKey) : null,
        width: picture.width,
        height: picture.height,
        size: picture.size,
      };
    };
    return Promise.all(
      rows.map(async (row) => {
        const screens: ResourceDto[][] = [];
        for (const link of links.filter((l) => l.adId === row.id)) {
          const m = byId.get(link.resourceId);
          if (!m) continue;
          const screen = screens[link.screen] ?? [];
          screen.push(m);
          screens[link.screen] = screen;
        }
        const dense = screens.filter(Boolean);
        const first = dense[0]?.[dense[0].length - 1] ?? null;
        return {
          id: row.id,
          name: row.name,
          kind: row.kind as AdKind,
          begin: toUnixSeconds(row.beginAt) ?? 0,
          end: toUnixSeconds(row.endAt) ?? 0,
          timeZone: row.timeZone,
          template: row.template,
          duration: dense.reduce((sum, s) => sum + Math.max(...s.map((m) => m.duration)), 0),
          createtime: toUnixSeconds(row.createdAt) ?? 0,
          customerId: row.customerId,
          resourcesObjs: dense,
          media: first
            ? {
                kind: first.kind,
                url: first.mdpath,
                thumbnail: first.thumbnail,
                width: first.width,
                height: first.height,
              }
            : null,
          qr: await overlay(row.qrMediaId, row.qrPosition),
          qrTarget: row.qrMediaId ? row.qrTarget : null,
          watermark: await overlay(row.watermarkMediaId, row.watermarkPosition),
        };
      }),
    );
  }

  async findVisible(user: Uploader, id: string, db: DbOrTx = this.ctx.db): Promise<AdRow> {
    const row = await findVisibleAd(db, id, await dataScope(this.ctx.db, user));
    if (!row) throw new AppError('AD_NOT_FOUND');
    return row;
  }

  async get(user: Uploader, id: string): Promise<AdDto> {
    return (await this.toDtos([await this.findVisible(user, id)]))[0]!;
  }

  async byIds(user: Uploader, ids: string[]): Promise<AdDto[]> {
    if (ids.length === 0) return [];
    const rows = await adsByIds(this.ctx.db, ids, await dataScope(this.ctx.db, user));
    const dtos = await this.toDtos(rows);
    const byId = new Map(dtos.map((d) => [d.id, d]));
    return ids.map((id) => byId.get(id)).filter((d): d is AdDto => d !== undefined);
  }

  async page(
    user: Uploader,
    q: { start: number; limit: number; name?: string; kind?: AdKind },
  ): Promise<{ total: number; datas: AdDto[] }> {
    const { total, rows } = await pageAds(this.ctx.db, await dataScope(this.ctx.db, user), q);
    return { total, datas: await this.toDtos(rows) };
  }

  /** Resolves and checks the materials of an ad: visible to the caller, arranged in screens, the rules. */
  private async screensFor(user: Uploader, kind: AdKind, input: MaterialInput, db: DbOrTx): Promise<ResourceRow[][]> {
    const refs = input.resourcesObjs ?? (input.resources ? [input.resources] : []);
    const ids = refs.flat().map(materialRefId);
    const rows = await this.resources.findVisibleMany(user, ids, db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let screens: ResourceRow[][];
    if (input.resourcesObjs) {
      screens = input.resourcesObjs.map((screen) => screen.map((ref) => byId.get(materialRefId(ref))!));
    } else {
      screens = screensFromMaterials(rows);
    }
    if (new Set(ids).size !== ids.length) throw new AppError('DUPLICATE_SUBMISSION', {}, 'resourcesObjs');
    const asMaterial = (r: ResourceRow): AdMaterial => ({
      id: r.id,
      name: r.name,
      kind: r.kind as ResourceKind,
      template: r.template,
      slot: r.slot,
    });
    const issue = checkAdMaterials(
      kind,
      screens.map((s) => s.map(asMaterial)),
    );
    if (issue) throw new AppError(issue.code, issue.params, 'resourcesObjs');
    return screens;
  }

  /**
   * The QR code or watermark an ad will carry: none for null (or both parts empty); on an edit, what it
   * has when the field is left out. A new picture must be a QR-purpose upload the caller may see.
   */
  private async overlayFor(
    user: Uploader,
    field: OverlayField,
    input: AdOverlayInput | null | undefined,
    current: OverlayChoice | null,
    db: DbOrTx,
  ): Promise<OverlayChoice | null> {
    if (input === undefined) return current;
    if (!input || (!input.mediaId && !input.position)) return null;
    if (!input.position) throw new AppError('AD_OVERLAY_POSITION_REQUIRED', {}, `${field}.position`);
    if (!input.mediaId) throw new AppError('AD_OVERLAY_PICTURE_REQUIRED', {}, `${field}.mediaId`);
    // The picture the ad already shows stays acceptable (an operator may move it without owning it).
    if (current?.mediaId === input.mediaId) return { mediaId: input.mediaId, position: input.position };
    const row = await mediaInScope(db, await dataScope(db, user), input.mediaId);
    if (!row) throw new AppError('AD_OVERLAY_MEDIA_NOT_FOUND', {}, `${field}.mediaId`);
    if (!isOverlayPicture(row)) throw new AppError('AD_OVERLAY_MEDIA_NOT_QR', { file: row.name }, `${field}.mediaId`);
    return { mediaId: row.id, position: input.position };
  }

  /** The overlay columns of an ad being written: each field resolved by `overlayFor`. */
  private async overlaysFor(
    user: Uploader,
    body: Pick<CreateAdBody, OverlayField | 'qrTarget'>,
    current: AdRow | null,
    db: DbOrTx,
  ) {
    const resolve = (field: OverlayField) => {
      const kept = current && storedOverlay(current[`${field}MediaId`], current[`${field}Position`]);
      return this.overlayFor(user, field, body[field], kept, db);
    };
    const qr = await resolve('qr');
    const watermark = await resolve('watermark');
    // The QR target goes with the QR code: left out, it stays while the ad keeps a QR code.
    const target = body.qrTarget === undefined ? (current?.qrTarget ?? null) : body.qrTarget || null;
    if (target && !qr && body.qrTarget) throw new AppError('AD_OVERLAY_PICTURE_REQUIRED', {}, 'qr.mediaId');
    return {
      qrMediaId: qr?.mediaId ?? null,
      qrPosition: qr?.position ?? null,
      qrTarget: qr ? target : null,
      watermarkMediaId: watermark?.mediaId ?? null,
      watermarkPosition: watermark?.position ?? null,
    };
  }

  private async assertNameFree(db: DbOrTx, name: string, customerId: string | null, exceptId?: string) {
    if (await adNameTaken(db, name, customerId, exceptId)) throw new AppError('AD_NAME_EXISTS', {}, 'name');
  }

  private async writeScreens(db: DbOrTx, adId: string, screens: ResourceRow[][]) {
    await replaceAdResources(
      db,
      adId,
      screens.flatMap((screen, s) => screen.map((r, p) => ({ resourceId: r.id, screen: s, position: p }))),
    );
  }

  async create(user: Uploader, body: CreateAdBody): Promise<AdDto> {
    const { ctx } = this;
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const screens = await this.screensFor(user, body.kind, body, tx);
        const overlays = await this.overlaysFor(user, body, null, tx);
        await this.assertNameFree(tx, body.name, user.customer);
        const now = ctx.clock.now();
        const inserted = await insertAd(tx, {
          id: newId(now.getTime()),
          name: body.name,
          kind: body.kind,
          beginAt: fromUnixSeconds(body.begin)!,
          endAt: fromUnixSeconds(body.end)!,
          timeZone: body.timeZone,
          template: screens[0]?.[0]?.template ?? 1,
          ...overlays,
          ownerId: user.id,
          customerId: user.customer,
          createdAt: now,
          updatedAt: now,
        });
        await this.writeScreens(tx, inserted.id, screens);
        return inserted;
      });
      return (await this.toDtos([row]))[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('AD_NAME_EXISTS', {}, 'name');
      throw err;
    }
  }

  async update(user: Uploader, body: UpdateAdBody): Promise<AdDto> {
    const { ctx } = this;
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const current = await this.findVisible(user, body.id, tx);
        const screens = await this.screensFor(user, body.kind, body, tx);
        const overlays = await this.overlaysFor(user, body, current, tx);
        await this.assertNameFree(tx, body.name, current.customerId, current.id);
        const updated = await updateAd(tx, current.id, {
          name: body.name,
          kind: body.kind,
          beginAt: fromUnixSeconds(body.begin)!,
          endAt: fromUnixSeconds(body.end)!,
          timeZone: body.timeZone ?? current.timeZone,
          template: screens[0]?.[0]?.template ?? current.template,
          ...overlays,
          updatedAt: ctx.clock.now(),
        });
        await this.writeScreens(tx, current.id, screens);
        return updated;
      });
      return (await this.toDtos([row]))[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('AD_NAME_EXISTS', {}, 'name');
      throw err;
    }
  }

  /** Deletes an ad; an online ad (now within begin..end) linked to devices, accounts or regional accounts is refused. */
  async remove(user: Uploader, id: string): Promise<void> {
    const { ctx } = this;
    await ctx.db.transaction(async (tx) => {
      const row = await this.findVisible(user, id, tx);
      const now = ctx.clock.now();
      const online = row.beginAt <= now && now < row.endAt;
      if (online) {
        for (const counter of this.linkCounters) {
          const links = await counter(tx, row.id);
          if (links.devices > 0 || links.accounts > 0 || (links.regionalAccounts ?? 0) > 0) {
            throw new AppError('AD_ONLINE_LINKED');
          }
        }
      }
      await deleteAd(tx, row.id);
    });
  }
}
