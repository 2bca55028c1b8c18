import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { withoutDefaults } from '../common/update-body';
import { BANNER_TITLE_MAX, bannerLinkKind } from './wechat.rules';

// ---- back office: WeChat users (/wechat/userManage/index) ----

export const wechatUserQuery = pageQuery.extend({
  /** Part of the openid, nickname or phone. */
  keyword: z.string().trim().max(64).optional(),
  /** The device ID of the robot whose QR brought them. */
  robotId: z.string().trim().max(64).optional(),
  blocked: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export type WechatUserQuery = z.infer<typeof wechatUserQuery>;

export const wechatUserDto = z.object({
  id: idSchema,
  openid: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  phone: z.string(),
  /** unix seconds */
  firstVisit: z.number().int(),
  lastVisit: z.number().int(),
  /** The robot whose QR brought them (device ID and name), when known. */
  robotId: z.string().nullable(),
  robotName: z.string().nullable(),
  blocked: z.boolean(),
});
export type WechatUserDto = z.infer<typeof wechatUserDto>;
export const wechatUserPage = pageEnvelope(wechatUserDto);

export const wechatUserBlockBody = z.object({ blocked: z.boolean() });
export const wechatUserResponse = okEnvelope(wechatUserDto);

// ---- back office: banners (/wechat/userManage/wxBanners) ----

const unixSeconds = z.number().int().min(0).max(4_102_444_800);

export const bannerLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => bannerLinkKind(v) !== null, 'WECHAT_BANNER_LINK_INVALID');

const bannerFields = z.object({
  /** A picture registered through POST /api/Media (purpose qr: jpg/jpeg/png/bmp, at most 2MB). */
  mediaId: idSchema,
  title: z.string().trim().min(1, 'WECHAT_BANNER_TITLE_REQUIRED').max(BANNER_TITLE_MAX, 'WECHAT_BANNER_TITLE_LENGTH'),
  link: bannerLink.default(''),
  beginTime: unixSeconds.nullable().default(null),
  endTime: unixSeconds.nullable().default(null),
  enabled: z.boolean().default(true),
});
const beginBeforeEnd = (b: { beginTime?: number | null; endTime?: number | null }) =>
  b.beginTime == null || b.endTime == null || b.beginTime < b.endTime;

export const bannerBody = bannerFields.refine(beginBeforeEnd, { message: 'END_BEFORE_START', path: ['endTime'] });
/**
 * PUT /api/WechatBanners/:id: picture and title as the form sends them; link, times and the switch are
 * kept when not sent (docs/conventions.md "PUT"); the service checks the times against the stored ones.
 */
export const bannerUpdateBody = withoutDefaults(bannerFields).refine(beginBeforeEnd, {
  message: 'END_BEFORE_START',
  path: ['endTime'],
});
export type BannerUpdateBody = z.infer<typeof bannerUpdateBody>;
export type BannerBody = z.infer<typeof bannerBody>;

export const bannerDto = z.object({
  id: idSchema,
  mediaId: idSchema,
  imageUrl: z.string(),
  title: z.string(),
  link: z.string(),
  linkKind: z.enum(['none', 'url', 'page']),
  sort: z.number().int(),
  beginTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Shown in the mini-program right now. */
  live: z.boolean(),
  updatetime: z.number().int(),
});
export type BannerDto = z.infer<typeof bannerDto>;

export const bannerQuery = pageQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(100) });
export const bannerPage = pageEnvelope(bannerDto);
export const bannerResponse = okEnvelope(bannerDto);
export const bannerOrderBody = z.object({ ids: z.array(idSchema).min(1).max(200) });
export const bannerOrderResponse = okEnvelope(z.object({ ids: z.array(idSchema) }));
export const bannerDeleteResponse = okEnvelope(z.object({ id: idSchema }));

// ---- the mini-program's API (/api/wechat/mp/...) ----

export const mpLoginBody = z.object({
  /** The code of wx.login(), exchanged with WeChat's code-to-session call. */
  code: z.string().trim().min(1).max(128),
  nickname: z.string().trim().max(64).optional(),
  avatarUrl: z.string().trim().url().max(500).optional(),
});
export const mpSession = z.object({
  /** Sent back as `Authorization: Bearer <token>` on the mini-program's calls. */
  token: z.string(),
  openid: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  phone: z.string(),
});
export const mpLoginResponse = okEnvelope(mpSession);

export const mpProfileBody = z.object({
  nickname: z.string().trim().max(64).optional(),
  avatarUrl: z.string().trim().url().max(500).optional(),
  /** The code of the getPhoneNumber button: the phone is read from WeChat when the user granted it. */
  phoneCode: z.string().trim().min(1).max(128).optional(),
});
export const mpProfileResponse = okEnvelope(mpSession.omit({ token: true }));

export const mpBanner = z.object({
  id: idSchema,
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  linkKind: z.enum(['none', 'url', 'page']),
});
export type MpBanner = z.infer<typeof mpBanner>;
export const mpBannersResponse = okEnvelope(z.array(mpBanner));

/** The landing of a QR scan: the robot (device ID) whose QR code opened the mini-program. */
export const mpLandingBody = z.object({ robotId: z.string().trim().min(1).max(64) });
export const mpLandingResponse = okEnvelope(z.object({ robotId: z.string(), first: z.boolean() }));
