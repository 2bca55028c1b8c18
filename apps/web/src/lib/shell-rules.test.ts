import { describe, expect, it } from 'vitest';
import { guardDecision } from '../app/guard';
import { messageForFailure } from './api-client';
import { screenClassFor } from './screen';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_PATH, openTab, tabsStore } from './tabs';
import { accessiblePrimary, contrast, PALETTES, THEME_NAMES } from './themes';
import { timeAgo } from './time-ago';

describe('screen size class (spec section 2)', () => {
  it('is 3 from 1200 px, 2 from 992, 1 from 768, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClassFor)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});

describe('message time wording (spec section 9)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const at = (secondsAgo: number) => Math.floor(now / 1000) - secondsAgo;
  it('says just now, minutes, hours, days under 7, then the date', () => {
    expect(timeAgo(at(30), now)).toEqual({ kind: 'justNow' });
    expect(timeAgo(at(5 * 60), now)).toEqual({ kind: 'minutes', count: 5 });
    expect(timeAgo(at(3 * 3600 + 59), now)).toEqual({ kind: 'hours', count: 3 });
    expect(timeAgo(at(6 * 86400), now)).toEqual({ kind: 'days', count: 6 });
    expect(timeAgo(at(8 * 86400), now).kind).toBe('date');
  });
});

describe('route guard (spec section 2)', () => {
  const base = { locked: false, search: '' };
  it('sends a visitor without a token to /login, keeping the deep link', () => {
    expect(guardDecision({ ...base, token: null, pathname: '/ad/List', search: '?a=1' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fad%2FList%3Fa%3D1',
    });
    expect(guardDecision({ ...base, token: null, pathname: '/ad/List', loggedOut: true })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
  it('lets public routes pass without a token', () => {
    for (const pathname of ['/login', '/midlogin', '/404', '/403', '/500']) {
      expect(guardDecision({ ...base, token: null, pathname })).toEqual({ kind: 'pass' });
    }
  });
  it('sends a logged-in user from /login to /, a locked one to /lock, and an empty token to a local logout', () => {
    expect(guardDecision({ ...base, token: 't', pathname: '/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision({ ...base, token: 't', locked: true, pathname: '/wel/smartBoard_2' })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(guardDecision({ ...base, token: 't', pathname: '/lock' })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision({ ...base, token: '', pathname: '/wel/smartBoard_2' })).toEqual({ kind: 'local-logout' });
  });
  it("opens a certificate's verification page to anyone: no login, logged in, or locked", () => {
    const pathname = '/verify/S0BZ-VE41-MTFE-XJBB';
    for (const session of [{ token: null }, { token: 't' }, { token: 't', locked: true }, { token: '' }]) {
      expect(guardDecision({ ...base, ...session, pathname })).toEqual({ kind: 'pass' });
    }
  });
});

describe('tabs', () => {
  it('open once per path; close, close others and close all keep the home tab', () => {
    tabsStore.set([]);
    openTab({ value: HOME_PATH, query: '', label: 'home' });
    openTab({ value: '/a', query: '', label: 'a' });
    openTab({ value: '/a', query: '?x=1', label: 'a' });
    openTab({ value: '/b', query: '', label: 'b' });
    expect(tabsStore.get().map((t) => t.value + t.query)).toEqual([HOME_PATH, '/a?x=1', '/b']);
    closeTab(HOME_PATH);
    closeTab('/b');
    expect(tabsStore.get().map((t) => t.value)).toEqual([HOME_PATH, '/a']);
    openTab({ value: '/c', query: '', label: 'c' });
    closeOtherTabs('/c');
    expect(tabsStore.get().map((t) => t.value)).toEqual([HOME_PATH, '/c']);
    closeAllTabs();
    expect(tabsStore.get().map((t) => t.value)).toEqual([HOME_PATH]);
  });
});

describe('error messages (spec section 8)', () => {
  it('come from the code table, "no permission" included; unknown failures are an unknown error', async () => {
    expect(await messageForFailure('4011', 'x', 401)).toBe('账号或密码错误');
    expect(await messageForFailure(undefined, 'no permission', 403)).toBe('该账号没有权限');
    expect(await messageForFailure(undefined, undefined, 502)).toBe('未知错误');
  });
});

/** Both ends of a gradient, or the one colour. */
function stops(background: string): string[] {
  return background.match(/#[0-9a-f]{6}/gi) ?? [];
}

describe('themes: contrast passes in every theme (WCAG AA 4.5:1)', () => {
  for (const name of THEME_NAMES) {
    const p = PALETTES[name];
    it(name, () => {
      for (const bg of stops(p.siderBg)) expect(contrast(p.siderText, bg)).toBeGreaterThanOrEqual(4.5);
      for (const bg of stops(p.headerBg)) expect(contrast(p.headerText, bg)).toBeGreaterThanOrEqual(4.5);
      for (const bg of stops(p.logoBg)) expect(contrast(p.logoText, bg)).toBeGreaterThanOrEqual(4.5);
      const active = p.siderActiveBg === 'primary' ? accessiblePrimary('#409EFF') : p.siderActiveBg;
      for (const bg of stops(active)) expect(contrast(p.siderActiveText, bg)).toBeGreaterThanOrEqual(4.5);
    });
  }
  it('the picked colour is darkened only as far as white text on it and it on a light page need', () => {
    expect(contrast(accessiblePrimary('#409EFF'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(accessiblePrimary('#1d39c4')).toBe('#1d39c4');
  });
});
