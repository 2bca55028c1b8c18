import type { Readable } from 'node:stream';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { bannerIsLive, bannerLinkKind } from '@robot-ads/contracts/wechat/wechat.rules';
import type {
  BannerBody,
  BannerDto,
  BannerUpdateBody,
  MpBanner,
  WechatUserDto,
  WechatUserQuery,
} from '@robot-ads/contracts/wechat/wechat.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { hashToken, randomToken } from '../../platform/tokens';
import { isOverlayPicture } from '../ads/ads.service';
import { statRobotRefs, statRobots } from '../devices/devices.queries';
import { mediaByIds, mediaInScope } from '../media/media.queries';
import { signedUrl } from '../media/media.service';
import * as repo from './wechat.repository';
import type { WechatBannerRow, WechatUserRow } from './wechat.table';
import type { WechatClient } from './wechat-client';

type MpSession = { token: string; openid: string; nickname: string; avatarUrl: string; phone: string };

/** The public path of a live banner's picture (GET, no sign-in). */
export const MP_BANNER_IMAGE_PATH = '/api/wechat/mp/banners/:id/image';

const seconds = (d: Date | null) => (d ? (toUnixSeconds(d) ?? 0) : null);

/**
 * The WeChat mini-program (issue 18): its users and home-page banners for operators, and the API the
 * mini-program calls (sign-in by login code, live banners, the landing of a robot's QR scan).
 * Mini-program users and banners belong to the platform (one mini-program), so every operator sees them.
 */
export class WechatService {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly wechat: WechatClient,
  ) {}

  // ---- users ----

  private async userDtos(db: DbOrTx, rows: WechatUserRow[]): Promise<WechatUserDto[]> {
    const robots = await statRobots(
      db,
      rows.flatMap((r) => (r.robotRef ? [r.robotRef] : [])),
    );
    return rows.map((r) => {
      const robot = r.robotRef ? robots.get(r.robotRef) : undefined;
      return {
        id: r.id,
        openid: r.openid,
        nickname: r.nickname,
        avatarUrl: r.avatarUrl,
        phone: r.phone,
        firstVisit: toUnixSeconds(r.firstVisitAt) ?? 0,
        lastVisit: toUnixSeconds(r.lastVisitAt) ?? 0,
        robotId: robot?.robotId ?? null,
        robotName: robot?.name ?? null,
        blocked: r.blocked,
      };
    });
  }

  async users(q: WechatUserQuery): Promise<{ total: number; datas: WechatUserDto[] }> {
    const db = this.ctx.db;
    const robotRefs = q.robotId ? await statRobotRefs(db, { robotId: q.robotId }) : undefined;
    const { total, rows } = await repo.userPage(db, { ...q, robotRefs });
    return { total, datas: await this.userDtos(db, rows) };
  }

  /** Blocks or unblocks a user; blocking also ends their mini-program session. */
  async setBlocked(id: string, blocked: boolean): Promise<WechatUserDto> {
    return this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      const row = await repo.updateUser(db, id, blocked ? { blocked, sessionTokenHash: null } : { blocked });
      if (!row) throw new AppError('WECHAT_USER_NOT_FOUND', {}, 'id');
      const [dto] = await this.userDtos(db, [row]);
      return dto!;
    });
  }

  // ---- banners ----

  private async bannerDtos(db: DbOrTx, rows: WechatBannerRow[]): Promise<BannerDto[]> {
    const now = toUnixSeconds(this.ctx.clock.now()) ?? 0;
    const pictures = await mediaByIds(
      db,
      rows.map((r) => r.mediaId),
    );
    return Promise.all(
      rows.map(async (r) => {
        const picture = pictures.get(r.mediaId);
        const dto = {
          id: r.id,
          mediaId: r.mediaId,
          imageUrl: picture ? await signedUrl(this.ctx, picture.objectKey, picture.name) : '',
          title: r.title,
          link: r.link,
          linkKind: bannerLinkKind(r.link) ?? 'none',
          sort: r.sort,
          beginTime: seconds(r.beginAt),
          endTime: seconds(r.endAt),
          enabled: r.enabled,
          live: false,
          updatetime: toUnixSeconds(r.updatedAt) ?? 0,
        };
        return { ...dto, live: !!picture && bannerIsLive(dto, now) };
      }),
    );
  }

  async banners(page: { start: number; limit: number }): Promise<{ total: number; datas: BannerDto[] }> {
    const { total, rows } = await repo.bannerPage(this.ctx.db, page);
    return { total, datas: await this.bannerDtos(this.ctx.db, rows) };
  }

  /** The picture must be one the caller may see, uploaded under the QR/overlay picture rule. */
  private async assertPicture(user: SessionUser, mediaId: string): Promise<void> {
    const db = this.ctx.db;
    const row = await mediaInScope(db, await dataScope(db, user), mediaId);
    if (!row || !isOverlayPicture(row)) throw new AppError('WECHAT_BANNER_PICTURE_INVALID', {}, 'mediaId');
  }

  /** The columns of the fields sent (undefined: not sent, left as it is by an update). */
  private fields(body: BannerUpdateBody) {
    return {
      mediaId: body.mediaId,
      title: body.title,
      link: body.link?.trim(),
      beginAt: body.beginTime === undefined ? undefined : fromUnixSeconds(body.beginTime),
      endAt: body.endTime === undefined ? undefined : fromUnixSeconds(body.endTime),
      enabled: body.enabled,
    };
  }

  async createBanner(user: SessionUser, body: BannerBody): Promise<BannerDto> {
    return this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      await this.assertPicture(user, body.mediaId);
      const now = this.ctx.clock.now();
      const row = await repo.insertBanner(db, {
        id: newId(now.getTime()),
        ...this.fields(body),
        sort: await repo.nextBannerSort(db),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      const [dto] = await this.bannerDtos(db, [row]);
      return dto!;
    });
  }

  async updateBanner(user: SessionUser, id: string, body: BannerUpdateBody): Promise<BannerDto> {
    return this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      const current = await repo.bannerById(db, id);
      if (!current) throw new AppError('WECHAT_BANNER_NOT_FOUND', {}, 'id');
      // The times after the change (a time not sent keeps its stored value) must still be in order.
      const begin = body.beginTime === undefined ? current.beginAt : fromUnixSeconds(body.beginTime);
      const end = body.endTime === undefined ? current.endAt : fromUnixSeconds(body.endTime);
      if (begin && end && begin >= end) throw new AppError('END_BEFORE_START', {}, 'endTime');
      if (current.mediaId !== body.mediaId) await this.assertPicture(user, body.mediaId);
      const row = await repo.updateBanner(db, id, { ...this.fields(body), updatedAt: this.ctx.clock.now() });
      const [dto] = await this.bannerDtos(db, [row!]);
      return dto!;
    });
  }

  async deleteBanner(id: string): Promise<{ id: string }> {
    const deleted = await repo.deleteBanner(this.ctx.db, id);
    if (!deleted) throw new AppError('WECHAT_BANNER_NOT_FOUND', {}, 'id');
    return { id };
  }

  /** The drag order: the listed banners take places 0..n-1 in that order, the others follow in theirs. */
  async orderBanners(ids: string[]): Promise<{ ids: string[] }> {
    const unique = [...new Set(ids)];
    return this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      const known = new Set(await repo.bannerIds(db, unique));
      const missing = unique.find((id) => !known.has(id));
      if (missing) throw new AppError('WECHAT_BANNER_NOT_FOUND', {}, 'ids');
      const { rows } = await repo.bannerPage(db, { start: 0, limit: 10_000 });
      const rest = rows.filter((r) => !known.has(r.id)).map((r) => r.id);
      const order = [...unique, ...rest];
      const now = this.ctx.clock.now();
      for (const [sort, id] of order.entries()) {
        const row = rows.find((r) => r.id === id);
        if (row?.sort !== sort) await repo.updateBanner(db, id, { sort, updatedAt: now });
      }
      return { ids: order };
    });
  }

  // ---- the mini-program's API ----

  /** Sign-in by a wx.login() code: WeChat names the openid; a blocked user is refused. */
  async signIn(body: { code: string; nickname?: string; avatarUrl?: string }): Promise<MpSession> {
    const session = await this.wechat.codeToSession(body.code);
    const token = randomToken();
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      const existing = await repo.userByOpenid(db, session.openid);
      if (existing?.blocked) throw new AppError('WECHAT_USER_BLOCKED');
      const profile = {
        ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
        ...(body.avatarUrl !== undefined ? { avatarUrl: body.avatarUrl } : {}),
      };
      if (existing) {
        return repo.updateUser(db, existing.id, {
          ...profile,
          unionid: session.unionid ?? existing.unionid,
          sessionTokenHash: hashToken(token),
          lastVisitAt: now,
        });
      }
      return repo.insertUser(db, {
        id: newId(now.getTime()),
        openid: session.openid,
        unionid: session.unionid,
        ...profile,
        sessionTokenHash: hashToken(token),
        firstVisitAt: now,
        lastVisitAt: now,
      });
    });
    return { token, ...this.profileOf(row!) };
  }

  private profileOf(row: WechatUserRow) {
    return { openid: row.openid, nickname: row.nickname, avatarUrl: row.avatarUrl, phone: row.phone };
  }

  /** The user of a mini-program session token (`Authorization: Bearer ...`), not blocked. */
  async sessionUser(authorization: string | undefined): Promise<WechatUserRow> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new AppError('WECHAT_SESSION_INVALID');
    const row = await repo.userBySession(this.ctx.db, hashToken(token));
    if (!row) throw new AppError('WECHAT_SESSION_INVALID');
    if (row.blocked) throw new AppError('WECHAT_USER_BLOCKED');
    return row;
  }

  async updateProfile(
    user: WechatUserRow,
    body: { nickname?: string; avatarUrl?: string; phoneCode?: string },
  ): Promise<Omit<MpSession, 'token'>> {
    const now = this.ctx.clock.now();
    const phone = body.phoneCode ? await this.wechat.phoneNumber(body.phoneCode, now.getTime()) : undefined;
    const row = await repo.updateUser(this.ctx.db, user.id, {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.avatarUrl !== undefined ? { avatarUrl: body.avatarUrl } : {}),
      ...(phone !== undefined ? { phone } : {}),
      lastVisitAt: now,
    });
    return this.profileOf(row!);
  }

  /**
   * What the mini-program shows now: enabled banners within their schedule, in the drag order. A public
   * answer: the picture is served by the banner's own image path, so no storage key (which holds the
   * uploading account's id) and no media id leave the server.
   */
  async liveBanners(): Promise<MpBanner[]> {
    const rows = await repo.enabledBanners(this.ctx.db);
    const dtos = await this.bannerDtos(this.ctx.db, rows);
    return dtos
      .filter((b) => b.live)
      .map((b) => ({
        id: b.id,
        title: b.title,
        imageUrl: `${MP_BANNER_IMAGE_PATH.replace(':id', b.id)}?v=${b.updatetime}`,
        link: b.link,
        linkKind: b.linkKind,
      }));
  }

  /** The picture of a banner shown now; NOT_FOUND for no such banner, one switched off or out of schedule. */
  async liveBannerPicture(id: string): Promise<{ body: Readable; contentType: string }> {
    const row = (await repo.enabledBanners(this.ctx.db)).find((r) => r.id === id);
    const [dto] = row ? await this.bannerDtos(this.ctx.db, [row]) : [];
    const picture = row && (await mediaByIds(this.ctx.db, [row.mediaId])).get(row.mediaId);
    if (!dto?.live || !picture) throw new AppError('NOT_FOUND');
    const body = await this.ctx.storage.get(picture.objectKey).catch(() => null);
    if (!body) throw new AppError('NOT_FOUND');
    return { body, contentType: picture.mime };
  }

  /** A QR scan opened the mini-program: the robot that brought the user is kept (the first one). */
  async landing(user: WechatUserRow, robotId: string): Promise<{ robotId: string; first: boolean }> {
    return this.ctx.db.transaction(async () => {
      const db = this.ctx.db;
      const [ref] = await statRobotRefs(db, { robotId });
      if (!ref) throw new AppError('WECHAT_ROBOT_NOT_FOUND', {}, 'robotId');
      const first = user.robotRef === null;
      await repo.updateUser(db, user.id, {
        ...(first ? { robotRef: ref } : {}),
        lastVisitAt: this.ctx.clock.now(),
      });
      return { robotId, first };
    });
  }
}
