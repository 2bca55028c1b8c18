import { describe, expect, it } from 'vitest';
import { bannerIsLive, bannerLinkKind } from './wechat.rules';

describe('banner rules', () => {
  it('a link is empty, an http(s) address or a mini-program page path', () => {
    expect(bannerLinkKind('')).toBe('none');
    expect(bannerLinkKind('https://example.com/a?b=1')).toBe('url');
    expect(bannerLinkKind('HTTP://example.com')).toBe('url');
    expect(bannerLinkKind('pages/index/index')).toBe('page');
    expect(bannerLinkKind('/pages/shop/detail?id=3')).toBe('page');
    expect(bannerLinkKind('ftp://example.com')).toBeNull();
    expect(bannerLinkKind('javascript:alert(1)')).toBeNull();
    expect(bannerLinkKind('https://')).toBeNull();
    expect(bannerLinkKind('pages/with space')).toBeNull();
  });

  it('a banner shows when enabled, from its begin (included) to its end (excluded)', () => {
    const b = { enabled: true, beginTime: 100, endTime: 200 };
    expect(bannerIsLive(b, 99)).toBe(false);
    expect(bannerIsLive(b, 100)).toBe(true);
    expect(bannerIsLive(b, 199)).toBe(true);
    expect(bannerIsLive(b, 200)).toBe(false);
    expect(bannerIsLive({ ...b, enabled: false }, 150)).toBe(false);
    expect(bannerIsLive({ enabled: true, beginTime: null, endTime: null }, 0)).toBe(true);
  });
});
