/**
 * Rules of the WeChat mini-program's back-office side, shared by the server and the web forms.
 * Messages are catalogue codes (common/errors.ts), translated where they are shown.
 */

/** A banner title: 1-50 characters. */
export const BANNER_TITLE_MAX = 50;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** A mini-program page path such as `pages/index/index` or `/pages/shop/detail?id=3`. */
const MP_PAGE_PATH = /^\/?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\?[^\s#]*)?$/;

/** Where a banner leads: nothing, an http(s) address, or a page of the mini-program. */
export type BannerLinkKind = 'none' | 'url' | 'page';

export function bannerLinkKind(link: string): BannerLinkKind | null {
  const value = link.trim();
  if (value === '') return 'none';
  if (HTTP_URL.test(value)) return 'url';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return MP_PAGE_PATH.test(value) ? 'page' : null;
}

/** Whether a banner shows at `nowSeconds` (enabled, and within its schedule when one is set). */
export function bannerIsLive(
  banner: { enabled: boolean; beginTime: number | null; endTime: number | null },
  nowSeconds: number,
): boolean {
  if (!banner.enabled) return false;
  if (banner.beginTime !== null && nowSeconds < banner.beginTime) return false;
  if (banner.endTime !== null && nowSeconds >= banner.endTime) return false;
  return true;
}
