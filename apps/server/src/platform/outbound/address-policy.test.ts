import { describe, expect, it } from 'vitest';
import { AddressPolicy, OutboundRefusedError, parseNetworks } from './address-policy';

/** The IPv4-compatible IPv6 range (::/96, deprecated): refused like every other reserved range. */
describe('the IPv4-compatible IPv6 range', () => {
  const policy = new AddressPolicy();
  const hostOf = (url: string) => policy.hostOf(url);

  it('refuses ::a.b.c.d in every spelling the URL parser gives, by what it carries', () => {
    // The URL parser writes [::127.0.0.1] as [::7f00:1].
    expect(hostOf('http://[::127.0.0.1]/')).toBe('::7f00:1');
    expect(policy.classify(hostOf('http://[::127.0.0.1]/'))).toBe('loopback');
    expect(policy.classify('::7f00:1')).toBe('loopback');
    expect(policy.classify(hostOf('http://[::10.0.0.1]/hooks'))).toBe('private');
    expect(policy.classify(hostOf('http://[::169.254.169.254]/'))).toBe('metadata');
    // Carrying a public address, it is still the deprecated range: reserved.
    expect(policy.classify(hostOf('http://[::8.8.8.8]/'))).toBe('reserved');
    expect(() => policy.assertAddress('::8.8.8.8')).toThrow(OutboundRefusedError);
  });

  it('keeps :: and ::1 as they were, and public addresses open', () => {
    expect(policy.classify('::')).toBe('reserved');
    expect(policy.classify('::ffff:8.8.8.8')).toBeNull();
    expect(policy.classify('::1')).toBe('loopback');
    expect(policy.classify('2001:4860:4860::8888')).toBeNull();
    expect(policy.classify('8.8.8.8')).toBeNull();
  });

  it('opens it only where WEBHOOK_ALLOWED_NETWORKS opens the address it carries', () => {
    const onPremises = new AddressPolicy(parseNetworks('127.0.0.0/8'));
    expect(onPremises.classify('::7f00:1')).toBeNull();
    expect(onPremises.classify('::a00:1')).toBe('private');
  });
});
