import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrImageUrl, trackingAddress } from './qr';

describe('the QR code the player draws', () => {
  it('encodes the absolute tracking address: PUBLIC_URL as given, else the server the player talks to', () => {
    expect(trackingAddress('/q/AbC_-1', 'http://10.0.0.5:8080/player/?robotId=R1')).toBe(
      'http://10.0.0.5:8080/q/AbC_-1',
    );
    expect(trackingAddress('https://ads.example.com/q/AbC', 'http://10.0.0.5:8080/player/')).toBe(
      'https://ads.example.com/q/AbC',
    );
  });

  it('is an SVG image of the QR code of that address', () => {
    const address = `https://ads.example.com/q/${'A'.repeat(64)}`;
    const url = qrImageUrl(address);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(svg.startsWith('<svg')).toBe(true);
    // The symbol of the address with error correction M and a 2-module quiet zone.
    const symbol = encode(address, { ecc: 'M', border: 2 });
    expect(svg).toContain(`viewBox="0 0 ${symbol.size * 10} ${symbol.size * 10}"`);
    expect(qrImageUrl(`${address}B`)).not.toBe(url);
  });
});
